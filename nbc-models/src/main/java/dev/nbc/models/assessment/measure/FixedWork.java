package dev.nbc.models.assessment.measure;

/**
 * A fixed amount of arithmetic, in units of one step of a dependent multiply-add chain: work rather
 * than a wait for a deadline, so that anything taking the core (a progress thread, the kernel's
 * network work) makes it last longer, as it would a real computation. The chain cannot be
 * vectorised or reordered (each step needs the last one's result), and its result is kept, so the
 * JIT cannot drop it; it touches no memory, so it neither helps nor hurts the network's copies in
 * the cache. The CPU-per-byte probe computes with it, and so does the gradients example's backward pass.
 */
public final class FixedWork {
    /** Where results go, so that the chains stay live. */
    private static volatile double sink;

    private FixedWork() {
    }

    /** Runs {@code units} steps of the chain. */
    public static void run(long units) {
        double x = sink + 1.0;
        for (long i = 0; i < units; i++) {
            x = x * 0.999_999_9 + 1e-7;
        }
        sink = x;
    }

    /** This thread's nanoseconds per unit: the fastest of a few timings of a million units, after a warm-up. */
    public static double nanosPerUnit() {
        int units = 1_000_000;
        double best = Double.MAX_VALUE;
        for (int trial = 0; trial < 30; trial++) {
            long start = System.nanoTime();
            run(units);
            best = Math.min(best, (double) (System.nanoTime() - start) / units);
        }
        return best;
    }
}
