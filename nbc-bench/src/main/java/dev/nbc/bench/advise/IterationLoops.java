package dev.nbc.bench.advise;

import dev.nbc.bench.latency.Stats;
import dev.nbc.harness.call.CollectiveCall;

/**
 * An application's loop around one collective, timed on one rank in its two forms: blocking
 * (compute, then the collective) and overlapped (start the collective, compute while testing it,
 * wait for it). Each is timed iteration by iteration from a common start of the group, after
 * untimed iterations of both (the JIT, the schedule cache); the rank's figure is its median
 * iteration. Collective over the group: every rank calls it alike.
 */
final class IterationLoops {
    /** Untimed iterations of each loop at most, before the timed ones. */
    static final int WARM_UP = 3;

    /**
     * A rank's median iterations, ns.
     *
     * @param blockingNanos   compute, then the blocking collective
     * @param overlappedNanos start, compute while testing, wait
     */
    record Times(double blockingNanos, double overlappedNanos) {
    }

    private IterationLoops() {
    }

    /**
     * Times {@code iterations} of each loop around {@code call}, computing {@code computeNanos}
     * per iteration on {@code clock}, the overlapped loop testing after every {@code testEveryNanos}.
     */
    static Times measure(CollectiveCall call, LoopClock clock, long computeNanos, long testEveryNanos, int iterations) {
        int warmUp = Math.min(WARM_UP, iterations);
        blocking(call, clock, computeNanos, new double[warmUp]);
        overlapped(call, clock, computeNanos, testEveryNanos, new double[warmUp]);
        double[] blocking = new double[iterations];
        double[] overlapped = new double[iterations];
        blocking(call, clock, computeNanos, blocking);
        overlapped(call, clock, computeNanos, testEveryNanos, overlapped);
        return new Times(Stats.median(blocking), Stats.median(overlapped));
    }

    private static void blocking(CollectiveCall call, LoopClock clock, long computeNanos, double[] iterations) {
        clock.align();
        long begin = clock.now();
        for (int i = 0; i < iterations.length; i++) {
            clock.compute(computeNanos, 0, null);
            call.blocking();
            long end = clock.now();
            iterations[i] = end - begin;
            begin = end;
        }
    }

    private static void overlapped(CollectiveCall call, LoopClock clock, long computeNanos, long testEveryNanos, double[] iterations) {
        clock.align();
        long begin = clock.now();
        for (int i = 0; i < iterations.length; i++) {
            CollectiveCall.Started started = call.start();
            clock.compute(computeNanos, testEveryNanos, started::test);
            started.await();
            long end = clock.now();
            iterations[i] = end - begin;
            begin = end;
        }
    }
}
