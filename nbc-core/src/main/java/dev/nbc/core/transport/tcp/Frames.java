package dev.nbc.core.transport.tcp;

/**
 * The TCP transport's wire format. Every frame is an 8-byte header, {@code int tag, int length}
 * in network byte order, followed by {@code length} payload bytes. Tags from 0 up are data
 * messages; negative tags are control frames ({@link #REVOKE}). A connection starts with a
 * {@value #HELLO_BYTES}-byte hello from each side: {@code int magic, int version, int rank, int size}.
 */
final class Frames {
    static final int HEADER_BYTES = 8;
    /** A revocation: the payload is the reason, UTF-8, at most {@link #MAX_REASON_BYTES}. */
    static final int REVOKE = -1;
    static final int MAX_REASON_BYTES = 1024;
    /** "NBCT". */
    static final int HELLO_MAGIC = 0x4E424354;
    static final int VERSION = 1;
    static final int HELLO_BYTES = 16;

    private Frames() {
    }
}
