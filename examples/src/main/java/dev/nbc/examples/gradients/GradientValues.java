package dev.nbc.examples.gradients;

/**
 * The gradient each rank's backward pass produces, chosen so that their sum is exact: every value
 * is a whole multiple of 2^-10 below 2^9 in magnitude (k 2^-10 with |k| &lt;= 2^19), so every
 * partial sum of fewer than 2^33 of them is a multiple of 2^-10 below 2^53 2^-10 and is represented
 * exactly by a double (53-bit significand). Floating-point addition is then associative on these
 * values: any allreduce algorithm, any order of ranks and any split into buckets gives the same
 * bits, and that is the exact sum, which every rank can compute alone ({@link #sum}). A result
 * that differs by one bit is a real error (a bucket summed twice or not at all, a gradient
 * overwritten before its sum was read, a stale step), not rounding.
 *
 * <p>A value depends on the seed, the rank, the step and the element's global index (a
 * SplitMix64 hash of them), so each step's sums differ from the last's and a stale bucket shows.
 */
public final class GradientValues {
    /** The values' resolution, 2^-10. */
    private static final double UNIT = 0x1p-10;
    /** |k| &lt;= 2^19. */
    private static final int K_BITS = 20;
    private final long seed;

    public GradientValues(long seed) {
        this.seed = seed;
    }

    /** Rank {@code rank}'s gradient of element {@code element} at step {@code step}. */
    public double value(int rank, int step, long element) {
        long h = mix(seed ^ mix(rank + 0x9E3779B97F4A7C15L * (step + 1)) ^ element * 0xBF58476D1CE4E5B9L);
        return ((h >>> (64 - K_BITS)) - (1L << (K_BITS - 1))) * UNIT;
    }

    /** The exact sum over ranks 0..size-1 of element {@code element}'s gradient at {@code step}. */
    public double sum(int size, int step, long element) {
        double total = 0;
        for (int rank = 0; rank < size; rank++) {
            total += value(rank, step, element);
        }
        return total;
    }

    /** SplitMix64's finaliser (Steele, Lea, Flood, "Fast splittable pseudorandom number generators"). */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
