package dev.nbc.models.lmo;

import dev.nbc.core.transport.inprocess.Heterogeneity;

import java.util.SplittableRandom;

/**
 * Heterogeneous networks with known LMO parameters, for validating the estimation:
 * C 1-5 µs, t 0.05-0.5 ns/B, 1/beta 0.1-2.1 ns/B drawn from a seed, then one link 20 ns/B
 * ({@link Kind#SLOW_LINK}: 0-1), one processor 4x slower in C and t ({@link Kind#SLOW_PROCESSOR}: the
 * last), or both.
 */
public final class PlantedNetworks {
    /** What is planted besides the random spread. */
    public enum Kind {
        SLOW_LINK, SLOW_PROCESSOR, BOTH
    }

    private PlantedNetworks() {
    }

    /**
     * With gather's irregularities planted too: messages above {@code gatherLarge} (M2) received in
     * turn, from {@code gatherSmall} (M1) to M2 arriving {@code escalationNanos} late.
     */
    public static Heterogeneity of(Kind kind, int n, long seed, long scatterThreshold, long gatherSmall, long gatherLarge,
                                   long escalationNanos) {
        Heterogeneity h = of(kind, n, seed, scatterThreshold);
        return new Heterogeneity(h.fixedNanos(), h.perByteNanos(), h.linkNanosPerByte(), scatterThreshold, gatherLarge, gatherSmall,
                escalationNanos);
    }

    public static Heterogeneity of(Kind kind, int n, long seed, long scatterThreshold) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] c = new double[n];
        double[] t = new double[n];
        double[][] ib = new double[n][n];
        for (int i = 0; i < n; i++) {
            c[i] = 1000 + 4000 * random.nextDouble();
            t[i] = 0.05 + 0.45 * random.nextDouble();
            for (int j = 0; j < i; j++) {
                ib[i][j] = ib[j][i] = 0.1 + 2 * random.nextDouble();
            }
        }
        if (kind != Kind.SLOW_PROCESSOR) {
            ib[0][1] = ib[1][0] = 20;
        }
        if (kind != Kind.SLOW_LINK) {
            c[n - 1] *= 4;
            t[n - 1] *= 4;
        }
        return new Heterogeneity(c, t, ib, scatterThreshold);
    }
}
