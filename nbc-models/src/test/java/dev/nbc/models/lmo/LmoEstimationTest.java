package dev.nbc.models.lmo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Paper 001's systems solved by hand for n = 3, and planted networks recovered exactly. */
class LmoEstimationTest {
    /** C = 1, 2, 3 us; t = 0.1, 0.2, 0.3 ns/B; 1/beta: 0-1 1.0, 0-2 2.0, 1-2 0.5 ns/B. */
    private static final LmoParameters THREE = new LmoParameters(new double[] {1000, 2000, 3000}, new double[] {0.1, 0.2, 0.3},
            new double[][] {{0, 1.0, 2.0}, {1.0, 0, 0.5}, {2.0, 0.5, 0}});

    @Test
    void threeProcessorsByHand() {
        LmoExperiments e = LmoExperiments.of(THREE, 1000);
        // T_ij(0) = 2C_i + 2C_j
        assertEquals(6000, e.emptyRoundtrip(0, 1), 1e-9);
        assertEquals(8000, e.emptyRoundtrip(0, 2), 1e-9);
        assertEquals(10000, e.emptyRoundtrip(1, 2), 1e-9);
        // T_01(M) = 2C_0 + 2C_1 + (t_0 + t_1 + 1/beta_01) M = 6000 + 1.3 * 1000
        assertEquals(7300, e.roundtrip(0, 1), 1e-9);
        assertEquals(10400, e.roundtrip(0, 2), 1e-9);
        // T_0(M) = 4C_0 + 2t_0 M + max(2C_1 + t_1 M + M/beta_01, 2C_2 + t_2 M + M/beta_02) = 4200 + max(5200, 8300)
        assertEquals(12500, e.oneToTwo(0, 1, 2), 1e-9);
        LmoParameters p = LmoEstimation.estimate(e, Double.NaN).parameters();
        // C_0 = (T_01(0) + T_20(0) - T_12(0)) / 4 = (6000 + 8000 - 10000) / 4
        assertEquals(1000, p.c(0), 1e-9);
        assertEquals(2000, p.c(1), 1e-9);
        assertEquals(3000, p.c(2), 1e-9);
        // t_0 = (T_0(M) - T_02(M) - 2C_0) / M, 2 being the slower: (12500 - 10400 - 2000) / 1000
        assertEquals(0.1, p.t(0), 1e-12);
        assertEquals(0.2, p.t(1), 1e-12);
        assertEquals(0.3, p.t(2), 1e-12);
        // 1/beta_12 = (T_12(M) - 2C_1 - 2C_2) / M - t_1 - t_2
        assertEquals(0.5, p.inverseBeta(1, 2), 1e-12);
        assertEquals(2.0, p.inverseBeta(2, 0), 1e-12);
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8, 16})
    void aPlantedHeterogeneousNetworkIsRecoveredExactly(int n) {
        SplittableRandom random = new SplittableRandom(n);
        double[] c = new double[n];
        double[] t = new double[n];
        double[][] ib = new double[n][n];
        for (int i = 0; i < n; i++) {
            c[i] = 500 + 4500 * random.nextDouble();
            t[i] = 0.05 + 0.5 * random.nextDouble();
            for (int j = 0; j < i; j++) {
                ib[i][j] = ib[j][i] = 0.1 + 10 * random.nextDouble();
            }
        }
        c[n - 1] *= 5;    // a slow processor
        ib[0][1] = ib[1][0] = 40;   // a slow link
        LmoParameters truth = new LmoParameters(c, t, ib);
        LmoEstimation.Result r = LmoEstimation.estimate(LmoExperiments.of(truth, 4096), 65536);
        for (int i = 0; i < n; i++) {
            assertEquals(c[i], r.parameters().c(i), 1e-9 * c[i], "C_" + i);
            assertEquals(t[i], r.parameters().t(i), 1e-9, "t_" + i);
            assertTrue(r.cSpread()[i] < 1e-6, "exact data: every triplet agrees");
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    assertEquals(ib[i][j], r.parameters().inverseBeta(i, j), 1e-9, "1/beta_" + i + j);
                }
            }
        }
    }

    @Test
    void badInputsAreRefusedNamingTheRule() {
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class, () -> new LmoExperiments(2, 100));
        assertTrue(small.getMessage().startsWith("n: the triplet experiments need at least 3 processors"), small.getMessage());
        IllegalArgumentException aboveS = assertThrows(IllegalArgumentException.class,
                () -> LmoEstimation.estimate(LmoExperiments.of(THREE, 100_000), 65_536));
        assertTrue(aboveS.getMessage().contains("at most S = 65536.0 bytes"), aboveS.getMessage());
        LmoExperiments missing = new LmoExperiments(3, 100);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> LmoEstimation.estimate(missing, Double.NaN));
        assertTrue(e.getMessage().contains("was not measured"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new LmoParameters(new double[] {1, 2}, new double[] {1, 2},
                new double[][] {{0, 1}, {2, 0}}));
    }

    @Test
    void scatterAndGatherByThePapersFormulas() {
        LmoCollectives k = new LmoCollectives(THREE, 2000, 500, 5000, 0.5, 1.5, Double.NaN);
        // root 0, M = 1000 <= S: 2 (C_0 + t_0 M) + max(C_1 + t_1 M + M/beta_01, C_2 + t_2 M + M/beta_02) = 2200 + max(3200, 5300)
        assertEquals(7500, k.scatter(0, 1000), 1e-9);
        // M = 3000 > S: the leaves in a row: 2 (1000 + 300) + (2000 + 600 + 3000) + (3000 + 900 + 6000)
        assertEquals(2600 + 5600 + 9900, k.scatter(0, 3000), 1e-9);
        // gather: small adds kappa_1 M to the parallel form, large kappa_2 M to the serial one, medium is not predicted
        assertEquals(2 * (1000 + 0.1 * 400) + (3000 + 0.3 * 400 + 2.0 * 400) + 0.5 * 400, k.gather(0, 400), 1e-9);
        assertTrue(Double.isNaN(k.gather(0, 1000)));
        assertEquals(2 * (1000 + 600) + (2000 + 1200 + 6000) + (3000 + 1800 + 12000) + 1.5 * 6000, k.gather(0, 6000), 1e-9);
    }
}
