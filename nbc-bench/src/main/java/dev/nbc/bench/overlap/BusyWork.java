package dev.nbc.bench.overlap;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * The computation overlapped with a collective: a dependent integer chain ({@link #spin}: no memory
 * traffic, no allocation, not removable by the JIT because its result is kept), calibrated against the
 * thread's CPU time so that {@code work(n)} takes n nanoseconds of CPU; splitting it into chunks
 * changes nothing but the chunk boundaries, which {@link #chunkedError} verifies.
 */
public final class BusyWork {
    private static volatile long sink;
    private double iterationsPerNano;

    private BusyWork(double iterationsPerNano) {
        this.iterationsPerNano = iterationsPerNano;
    }

    /** Two calibration rounds in a row whose rates differ by at most this fraction end the calibration. */
    static final double AGREEMENT = 0.03;
    /** Calibration rounds at most (about 45 ms each). */
    static final int MAX_ROUNDS = 12;

    /**
     * Calibrates: rounds of nine 5 ms runs after a warm-up, each round's rate the median of its
     * runs, until two rounds in a row agree ({@link #AGREEMENT}) or {@link #MAX_ROUNDS} have run;
     * the last round's rate. Timed by the thread's CPU time where the JVM measures it: against the
     * wall clock, a run that shared its core (with the JIT compiler's threads at start-up, next to
     * a rank thread bound to its core) counted the time it was off the core as computing, and the
     * computation came out a third of its length. Several rounds, because this VM sometimes runs
     * 2-5 times slower for a few hundred milliseconds, CPU time included (a neighbour on the host):
     * one round fell into such a stretch in 1 of 6 runs of the emulated overlap sweep, and every
     * computation of that run came out at 0.41 of its target (docs/bench.md).
     */
    public static BusyWork calibrate() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpuClock = threads.isCurrentThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
        LongSupplier clock = cpuClock ? threads::getCurrentThreadCpuTime : System::nanoTime;
        spin(20_000_000L);
        double[] last = {0.4};
        return new BusyWork(agreedRate(() -> last[0] = calibrationRound(clock, last[0])));
    }

    /**
     * Runs {@code round} until two results in a row differ by at most {@link #AGREEMENT} of the
     * first, or {@link #MAX_ROUNDS} times; the last result.
     */
    static double agreedRate(DoubleSupplier round) {
        double previous = round.getAsDouble();
        for (int i = 1; i < MAX_ROUNDS; i++) {
            double rate = round.getAsDouble();
            if (Math.abs(rate - previous) <= AGREEMENT * previous) {
                return rate;
            }
            previous = rate;
        }
        return previous;
    }

    /** The median rate (iterations per ns of {@code clock}) of nine runs of about 5 ms, starting from {@code guess}. */
    private static double calibrationRound(LongSupplier clock, double guess) {
        double[] rates = new double[9];
        long n = Math.max(100_000L, (long) (guess * 5_000_000L));
        for (int i = 0; i < rates.length; i++) {
            long t0 = clock.getAsLong();
            spin(n);
            rates[i] = (double) n / Math.max(1, clock.getAsLong() - t0);
            n = Math.max(100_000L, (long) (rates[i] * 5_000_000L));
        }
        java.util.Arrays.sort(rates);
        return rates[rates.length / 2];
    }

    /** A given rate (tests, or all ranks agreeing on one rate). */
    public static BusyWork withRate(double iterationsPerNano) {
        return new BusyWork(iterationsPerNano);
    }

    public double iterationsPerNano() {
        return iterationsPerNano;
    }

    /**
     * Corrects the rate after a computation meant to take {@code targetNanos} took
     * {@code measuredNanos}: this VM's speed drifts by up to 2x over minutes (a neighbour on the
     * host), so a rate calibrated at start-up can make a later computation half its target.
     */
    public void correct(double targetNanos, double measuredNanos) {
        if (targetNanos > 0 && measuredNanos > 0) {
            iterationsPerNano *= targetNanos / measuredNanos;
        }
    }

    /**
     * A chain of SplitMix64's mixing step, {@code x = (x ^ x >>> 31) * K}: each step needs the
     * last, and, being neither affine nor linear, no compiler can jump ahead. An affine chain
     * ({@code x * a + c}, a linear congruential generator) could be: Java 25's JIT ran it at 14
     * iterations per ns against Java 17's 0.9, faster still once inlined into the benchmark's
     * loops than where it was calibrated, and the overlap benchmark's computations came out at
     * half their length.
     */
    static long spin(long iterations) {
        long x = sink | 1;
        for (long i = 0; i < iterations; i++) {
            x = (x ^ (x >>> 31)) * 0xBF58476D1CE4E5B9L;
        }
        sink = x;
        return x;
    }

    /** Computes for about {@code nanos} ns. */
    public void work(long nanos) {
        spin(Math.round(nanos * iterationsPerNano));
    }

    /** What runs between chunks (e.g. a collective's test()). */
    @FunctionalInterface
    public interface Between {
        void run();
    }

    /**
     * Computes {@code totalNanos} in chunks of {@code chunkNanos} (the last one shorter), calling
     * {@code between} after each chunk but the last; returns the time spent inside the chunks (ns),
     * which excludes the time of {@code between}.
     */
    public long chunked(long totalNanos, long chunkNanos, Between between) {
        long chunk = chunkNanos <= 0 ? totalNanos : chunkNanos;
        long inChunks = 0;
        long left = totalNanos;
        while (left > 0) {
            long c = Math.min(chunk, left);
            long t0 = System.nanoTime();
            work(c);
            inChunks += System.nanoTime() - t0;
            left -= c;
            if (left > 0 && between != null) {
                between.run();
            }
        }
        return inChunks;
    }

    /**
     * OSU's {@code do_compute_and_probe} with {@code -t calls}: {@code calls} times, compute
     * totalNanos / calls and then run {@code between} (a test); with 0 calls, compute all of it.
     *
     * @return nanoseconds spent computing (without the calls)
     */
    public long probed(long totalNanos, int calls, Between between) {
        if (calls <= 0) {
            return chunked(totalNanos, 0, null);
        }
        long inChunks = 0;
        for (int i = 0; i < calls; i++) {
            long t0 = System.nanoTime();
            work(totalNanos / calls);
            inChunks += System.nanoTime() - t0;
            between.run();
        }
        return inChunks;
    }

    /**
     * Relative error of a chunked run against its nominal length: {@code (measured - total) / total}
     * for the median of {@code reps} runs of {@code totalNanos} in chunks of {@code chunkNanos}.
     */
    public double chunkedError(long totalNanos, long chunkNanos, int reps) {
        double[] errors = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            chunked(totalNanos, chunkNanos, null);
            errors[i] = (double) (System.nanoTime() - t0 - totalNanos) / totalNanos;
        }
        java.util.Arrays.sort(errors);
        return errors[reps / 2];
    }
}
