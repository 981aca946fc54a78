package dev.nbc.core.transport.inprocess;

import java.nio.ByteBuffer;

/**
 * A message in flight. Its data goes either straight into the receive that was already waiting
 * for it, or into a private copy that the receive takes later; either way the sender's buffer is
 * free when {@code send()} returns, which is why a send can complete without its receive.
 *
 * <p>The message is linked for matching before its data is copied (so that the copy happens
 * outside the pair's monitor); {@link #ready} tells the receiver when the copy is done.
 */
final class Message extends Link.Waiting {
    final int source;
    final int tag;
    final int length;
    /** When the receive may complete (System.nanoTime()); unused on the ideal network. */
    final long arrival;
    /**
     * The private copy (its first {@code length} bytes; it may be longer, see {@link StagingBuffers}),
     * or null if the data went straight into the receive (or has been taken).
     */
    byte[] staged;
    /** Written after the data is in place; read first by the receiver, which publishes the data. */
    volatile boolean ready;

    Message(int source, int tag, int length, long arrival) {
        this.source = source;
        this.tag = tag;
        this.length = length;
        this.arrival = arrival;
    }

    @Override
    boolean isSend() {
        return true;
    }

    /** Copies the data into the receive that was waiting, unless it does not fit (it fails then). */
    void deliver(ByteBuffer source, int offset, InProcessReceive receive) {
        if (length <= receive.length) {
            receive.buffer.put(receive.offset, source, offset, length);
        }
        ready = true;
    }

    /** Copies the data aside, into a buffer of the receiver's {@code buffers}, for a receive not posted yet. */
    void stage(ByteBuffer source, int offset, StagingBuffers buffers) {
        byte[] copy = buffers.take(length);
        source.get(offset, copy, 0, length);
        staged = copy;
        ready = true;
    }
}
