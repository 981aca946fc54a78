package dev.nbc.jmh;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;

/**
 * A transport whose every operation has completed by its first poll, moving no data: it leaves
 * only the engine's own cost (hand-off through the ring, rounds, completion, waking the waiter)
 * in a measurement.
 */
record LoopbackTransport(int rank, int size) implements Transport {
    private static final PendingOperation DONE = () -> true;

    @Override
    public int maxTag() {
        return Integer.MAX_VALUE;
    }

    @Override
    public String name() {
        return "loopback";
    }

    @Override
    public PendingOperation send(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        return DONE;
    }

    @Override
    public PendingOperation receive(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        return DONE;
    }

    /** Nobody is waiting on a loopback: there is no one to tell. */
    @Override
    public void revoke(String reason) {
    }

    @Override
    public void close() {
    }
}
