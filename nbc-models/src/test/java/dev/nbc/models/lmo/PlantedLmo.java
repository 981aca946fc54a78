package dev.nbc.models.lmo;

import dev.nbc.core.transport.inprocess.Heterogeneity;

import java.util.SplittableRandom;

/** A planted heterogeneous network for the LMO tests: C 1-5 us (the last processor 4x slower), t 0.05-0.5 ns/B, 1/beta 0.1-2.1 ns/B (link 0-1 20 ns/B). */
final class PlantedLmo {
    private PlantedLmo() {
    }

    static Heterogeneity of(int n, long scatterThreshold) {
        SplittableRandom random = new SplittableRandom(n);
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
        c[n - 1] *= 4;
        ib[0][1] = ib[1][0] = 20;
        return new Heterogeneity(c, t, ib, scatterThreshold);
    }
}
