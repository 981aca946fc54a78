package dev.nbc.bench.netgauge.pattern;

import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.inprocess.InProcessTransport;

import java.util.Arrays;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * The barrier of patterns on virtual time (in-process ranks on an emulated network whose clocks
 * are per rank): the threads meet, and every rank's clock moves to the latest of them, as an ideal
 * control plane releases every rank at once. A barrier over the emulated network itself would
 * release the ranks up to a message time apart, which the rounds would then measure; the real-time
 * control plane's barrier does not move the virtual clocks at all.
 */
public final class VirtualTimeBarrier {
    private final long[] clocks;
    private final long[] latest = new long[1];
    private final CyclicBarrier meeting;

    /** For a group of {@code size} rank threads. */
    public VirtualTimeBarrier(int size) {
        clocks = new long[size];
        meeting = new CyclicBarrier(size, () -> latest[0] = Arrays.stream(clocks).max().orElseThrow());
    }

    /** Rank {@code rank}'s barrier, on its transport's clock. */
    public Runnable on(int rank, Transport transport) {
        return () -> {
            clocks[rank] = transport.nanoTime();
            if (transport instanceof InProcessTransport inProcess) {
                // nothing is sent before the last rank arrives: receivers need not wait for this one's clock
                inProcess.waitOutside(() -> meet(rank));
            } else {
                meet(rank);
            }
            transport.spinUntil(latest[0]);
        };
    }

    private void meet(int rank) {
        try {
            meeting.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("rank " + rank + ": interrupted in the virtual-time barrier", e);
        } catch (BrokenBarrierException e) {
            throw new IllegalStateException("rank " + rank + ": another rank left the virtual-time barrier", e);
        }
    }
}
