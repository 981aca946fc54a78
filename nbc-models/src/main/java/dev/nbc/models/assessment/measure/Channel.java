package dev.nbc.models.assessment.measure;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Blocking point-to-point messages to one peer over a {@link Transport}: start the operation, then
 * poll it without pause until it completes, which is what a blocking MPI call does and what the
 * measurement methods assume (the time in a call is the CPU's).
 */
final class Channel {
    private final Transport transport;
    private final int peer;
    private final int firstTag;
    private final ByteBuffer word = ByteBuffer.allocateDirect(3 * Double.BYTES).order(ByteOrder.nativeOrder());

    /** Messages to {@code peer}; tag arguments are relative to {@code firstTag}. */
    Channel(Transport transport, int peer, int firstTag) {
        this.transport = transport;
        this.peer = peer;
        this.firstTag = firstTag;
    }

    void send(ByteBuffer buffer, int length, int tag) {
        complete(transport.send(buffer, 0, length, peer, firstTag + tag));
    }

    void receive(ByteBuffer buffer, int length, int tag) {
        complete(transport.receive(buffer, 0, length, peer, firstTag + tag));
    }

    /** Sends up to three doubles (control data: a delay, a result). */
    void sendDoubles(int tag, double... values) {
        for (int i = 0; i < values.length; i++) {
            word.putDouble(i * Double.BYTES, values[i]);
        }
        send(word, values.length * Double.BYTES, tag);
    }

    double[] receiveDoubles(int count, int tag) {
        receive(word, count * Double.BYTES, tag);
        double[] values = new double[count];
        for (int i = 0; i < count; i++) {
            values[i] = word.getDouble(i * Double.BYTES);
        }
        return values;
    }

    /** Polls {@code operation} without pause until it completes. */
    static void complete(PendingOperation operation) {
        while (!operation.test()) {
            Thread.onSpinWait();
        }
    }

    /**
     * The rules of a measurement between ranks 0 and 1 that uses {@code tags} tags from
     * {@code firstTag} on: the transport has 2 ranks or more, and the tags fit.
     *
     * @param measurement what is measured, for the message ("a parameter assessment")
     */
    static void checkPair(Transport transport, int firstTag, int tags, String measurement) {
        if (transport.size() < 2) {
            throw new IllegalArgumentException("transport: " + measurement + " needs 2 ranks (a client and a server), "
                    + "but this one has " + transport.size());
        }
        if (firstTag < 0 || firstTag > transport.maxTag() - tags + 1) {
            throw new IllegalArgumentException("firstTag: tags " + firstTag + ".." + (firstTag + tags - 1)
                    + " must lie in 0.." + transport.maxTag());
        }
    }

    /** Now on the transport's clock, by which the timings are taken. */
    long now() {
        return transport.nanoTime();
    }

    /** Spins until {@code nanos} have passed: a delay that is exact and keeps the core, as Netgauge's. */
    void busyWait(long nanos) {
        transport.spinUntil(transport.nanoTime() + nanos);
    }
}
