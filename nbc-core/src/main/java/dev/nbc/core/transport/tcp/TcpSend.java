package dev.nbc.core.transport.tcp;

import java.nio.ByteBuffer;

/**
 * A frame in a connection's send queue: a user's send, or a frame of the transport's own (a
 * revocation notice, or the copied rest of a send that a revocation cut short), which nobody tests.
 * The bytes of {@code buffer} go out from {@code offset + payloadSent} to {@code offset + length}.
 */
final class TcpSend extends TcpOperation {
    final int tag;
    final int length;
    ByteBuffer buffer;
    int offset;
    int headerSent;
    int payloadSent;
    /** The next frame in the connection's queue. */
    TcpSend next;

    TcpSend(TcpTransport transport, ByteBuffer buffer, int offset, int length, int tag) {
        super(transport);
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        this.tag = tag;
    }

    /** True if some but not all of the frame is on the wire: it must be finished, or the stream is broken. */
    boolean startedOnWire() {
        return headerSent > 0 && (headerSent < Frames.HEADER_BYTES || payloadSent < length);
    }

    /** Counts {@code bytes} written of this frame; returns how many of them it took. */
    long account(long bytes) {
        int header = (int) Math.min(bytes, Frames.HEADER_BYTES - headerSent);
        headerSent += header;
        int payload = (int) Math.min(bytes - header, length - payloadSent);
        payloadSent += payload;
        return header + payload;
    }

    boolean written() {
        return headerSent == Frames.HEADER_BYTES && payloadSent == length;
    }
}
