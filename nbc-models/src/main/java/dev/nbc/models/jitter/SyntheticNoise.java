package dev.nbc.models.jitter;

import dev.nbc.models.simulation.DetourTrace;

import java.util.SplittableRandom;

/** Noise traces with a known answer, for validating the simulation against closed forms. */
public final class SyntheticNoise {
    private SyntheticNoise() {
    }

    /** A detour of {@code detourNanos} after every {@code gapNanos} of computing: one task's slowdown is d / T exactly. */
    public static DetourTrace periodic(double detourNanos, double gapNanos) {
        return JitterTuples.toTrace(new double[] {detourNanos}, new double[] {gapNanos});
    }

    /**
     * {@code rows} detours of {@code detourNanos} with exponential gaps of mean {@code meanGapNanos}
     * (seeded): the detours met while computing W are Poisson(W / mean).
     */
    public static DetourTrace exponential(double detourNanos, double meanGapNanos, int rows, long seed) {
        if (rows < 1) {
            throw new IllegalArgumentException("rows: must be >= 1, but was " + rows);
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] jitter = new double[rows];
        double[] gap = new double[rows];
        for (int i = 0; i < rows; i++) {
            jitter[i] = detourNanos;
            gap[i] = -meanGapNanos * Math.log(1 - random.nextDouble());
        }
        return JitterTuples.toTrace(jitter, gap);
    }

    /** E[max of n iid Poisson(lambda)] = the sum over k >= 0 of 1 - F(k)^n: the closed form for {@link #exponential}. */
    public static double expectedMaxPoisson(double lambda, long n) {
        double sum = 0;
        double pmf = Math.exp(-lambda);
        double cdf = pmf;
        for (int k = 0; k < 100_000 && cdf < 1; k++) {
            double tail = 1 - Math.pow(cdf, n);
            if (tail < 1e-15) {
                break;
            }
            sum += tail;
            pmf *= lambda / (k + 1);
            cdf += pmf;
        }
        return sum;
    }
}
