package dev.nbc.models.simulation;

import java.util.SplittableRandom;

/**
 * {@link CpuNoise} from a {@link DetourTrace} replayed on every rank, each rank starting at its own
 * offset into the trace: with identical offsets the detours are synchronized across ranks (a
 * co-scheduled system), with random offsets they are not (jitSim's "random start" case). Rank
 * {@code r}'s simulated time {@code t} is trace time {@code t + offset(r)}.
 */
public final class DetourNoise implements CpuNoise {
    private final DetourTrace trace;
    private final long seed;
    private final double fixedOffset;
    private final boolean random;

    private DetourNoise(DetourTrace trace, boolean random, double fixedOffset, long seed) {
        this.trace = trace;
        this.random = random;
        this.fixedOffset = fixedOffset;
        this.seed = seed;
    }

    /** Every rank sees the trace from the same offset: detours hit all ranks at the same time. */
    public static DetourNoise synchronizedOffsets(DetourTrace trace, double offset) {
        if (!(offset >= 0) || Double.isInfinite(offset)) {
            throw new IllegalArgumentException("offset: must be finite and >= 0, but was " + offset);
        }
        return new DetourNoise(trace, false, offset, 0);
    }

    /**
     * Rank r starts at an offset drawn uniformly from {@code [0, period)}, a function of
     * {@code (seed, r)} only, so runs are reproducible and no per-rank state is stored.
     */
    public static DetourNoise randomOffsets(DetourTrace trace, long seed) {
        return new DetourNoise(trace, true, 0, seed);
    }

    /** Rank {@code rank}'s offset into the trace. */
    public double offset(int rank) {
        if (!random) {
            return fixedOffset;
        }
        return new SplittableRandom(seed ^ (0x9E3779B97F4A7C15L * (rank + 1L))).nextDouble() * trace.period();
    }

    @Override
    public double finish(int rank, double start, double work) {
        double offset = offset(rank);
        return Math.max(start + work, trace.finish(start + offset, work) - offset); // max: rounding of the shift
    }
}
