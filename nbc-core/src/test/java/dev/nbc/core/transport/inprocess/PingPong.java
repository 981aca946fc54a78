package dev.nbc.core.transport.inprocess;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;

/**
 * Measures one-way times on an emulated network by ping-pong between ranks 0 and 1, shared by
 * the network's test and {@link EmulationAccuracy}. Both ranks read the same clock (the real one,
 * or virtual time, which starts at 0 on every rank and so is shared too), so each one-way
 * time is measured directly — from just before {@code send()} is called to the return of the
 * receiver's {@code test()} that completes — rather than as half a round trip, which would
 * average the two directions' errors away. Both ranks busy-poll, as a progress engine does.
 */
final class PingPong {
    private PingPong() {
    }

    /** Errors of one-way times against {@link EmulatedNetwork#oneWayNanos}, in ns, sorted, on a new 2-rank world. */
    static long[] oneWayErrors(InProcessWorld world, int bytes, int warmup, int measured) {
        int iterations = warmup + measured;
        long[] posted = new long[2 * iterations];       // message k: posted by 0 if k even, by 1 if odd
        long[] completed = new long[2 * iterations];
        world.run((rank, transport) -> {
            ByteBuffer out = ByteBuffer.allocateDirect(Math.max(bytes, 1));
            ByteBuffer in = ByteBuffer.allocateDirect(Math.max(bytes, 1));
            int peer = 1 - rank;
            for (int i = 0; i < iterations; i++) {
                if (rank == 0) {
                    PendingOperation reply = transport.receive(in, 0, bytes, peer, 0);
                    send(transport, out, bytes, peer, posted, 2 * i);
                    poll(reply);
                    completed[2 * i + 1] = transport.nanoTime();
                } else {
                    PendingOperation request = transport.receive(in, 0, bytes, peer, 0);
                    poll(request);
                    completed[2 * i] = transport.nanoTime();
                    send(transport, out, bytes, peer, posted, 2 * i + 1);
                }
            }
        }, Duration.ofSeconds(120));
        long expected = world.network().oneWayNanos(bytes);
        long[] errors = new long[2 * measured];
        for (int k = 0; k < errors.length; k++) {
            int message = 2 * warmup + k;
            errors[k] = completed[message] - posted[message] - expected;
        }
        Arrays.sort(errors);
        return errors;
    }

    /** The send's own completion is not waited for: the next receive proves it long done. */
    private static void send(Transport transport, ByteBuffer out, int bytes, int peer, long[] posted, int message) {
        posted[message] = transport.nanoTime();
        transport.send(out, 0, bytes, peer, 0);
    }

    private static void poll(PendingOperation operation) {
        while (!operation.test()) {
            Thread.onSpinWait();
        }
    }

    /** The q-quantile of sorted values (nearest rank). */
    static long quantile(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1 < 0 ? 0
                : (int) Math.ceil(q * sorted.length) - 1)];
    }
}
