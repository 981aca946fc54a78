package dev.nbc.core.transport;

import java.nio.ByteBuffer;

/**
 * The argument rules every {@link Transport} enforces before it sends anything, in one place so
 * that each transport reports a broken rule with the same words.
 */
public final class TransportArguments {
    private TransportArguments() {
    }

    /** Checks a send's arguments; see {@link Transport#send}. */
    public static void checkSend(Transport transport, ByteBuffer buffer, int offset, int length, int peer, int tag) {
        checkCommon(transport, buffer, offset, length, peer, tag);
    }

    /** Checks a receive's arguments; see {@link Transport#receive}. */
    public static void checkReceive(Transport transport, ByteBuffer buffer, int offset, int length, int peer, int tag) {
        checkCommon(transport, buffer, offset, length, peer, tag);
        if (buffer.isReadOnly()) {
            throw new IllegalArgumentException("buffer: a receive buffer must be writable, but it is read-only");
        }
    }

    private static void checkCommon(Transport transport, ByteBuffer buffer, int offset, int length, int peer, int tag) {
        if (buffer == null) {
            throw new IllegalArgumentException("buffer: must not be null");
        }
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException(
                    "buffer: must be a direct ByteBuffer (ByteBuffer.allocateDirect), because the transfer "
                            + "reads or writes it after the call returns and native code needs a fixed address");
        }
        checkRange(buffer.capacity(), offset, length);
        if (peer < 0 || peer >= transport.size()) {
            throw new IllegalArgumentException(
                    "peer: must be in 0.." + (transport.size() - 1) + " (the group's ranks), but was " + peer);
        }
        if (tag < 0 || tag > transport.maxTag()) {
            throw new IllegalArgumentException("tag: must be in 0.." + transport.maxTag() + ", but was " + tag);
        }
    }

    /** Checks that {@code [offset, offset+length)} lies inside a buffer of {@code capacity} bytes. */
    public static void checkRange(int capacity, int offset, int length) {
        if (length < 0) {
            throw new IllegalArgumentException("length: must be >= 0, but was " + length);
        }
        if (offset < 0) {
            throw new IllegalArgumentException("offset: must be >= 0, but was " + offset);
        }
        if ((long) offset + length > capacity) {
            throw new IllegalArgumentException("offset + length: the range [" + offset + ", " + ((long) offset + length)
                    + ") must lie inside the buffer's " + capacity + " bytes");
        }
    }
}
