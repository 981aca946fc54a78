package dev.nbc.models.loggp;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Equations (1)-(6) against values worked by hand. Parameters throughout: L = 1000 ns, o = 1500 ns,
 * g = 100 ns, G = 0.5 ns/B, gamma = 0.25 ns/B, m = 1024 B, so mG = 512 and m*gamma = 256.
 */
class CollectiveEquationsTest {
    private static final double EPS = 1e-9;
    private static final long M = 1024;

    private static LogGPParameters params(int processes) {
        return new LogGPParameters(1000, 1500, 100, 0.5, processes, 0.25);
    }

    @Test
    void ceilLog2OfOneIsZeroAndNonPowersRoundUp() {
        assertEquals(0, CollectiveEquations.ceilLog2(1));
        assertEquals(1, CollectiveEquations.ceilLog2(2));
        assertEquals(2, CollectiveEquations.ceilLog2(3));
        assertEquals(2, CollectiveEquations.ceilLog2(4));
        assertEquals(3, CollectiveEquations.ceilLog2(5));
        assertEquals(10, CollectiveEquations.ceilLog2(1024));
        assertEquals(11, CollectiveEquations.ceilLog2(1025));
        assertEquals(20, CollectiveEquations.ceilLog2(1 << 20));
        assertEquals(31, CollectiveEquations.ceilLog2(Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> CollectiveEquations.ceilLog2(0));
    }

    @Test
    void oneProcessCostsNothingAndHasNoOverlapPotential() {
        // ceil(log2 1) = 0, so every equation is 0 * (...) = 0; the overlap potential is defined as 0.
        LogGPParameters p = params(1);
        assertEquals(0, CollectiveEquations.barrier(p), EPS);
        assertEquals(0, CollectiveEquations.bcast(p, M), EPS);
        assertEquals(0, CollectiveEquations.allreduce(p, M), EPS);
        assertEquals(0, CollectiveEquations.allreduceSplit(p, M).overlapPotential(), EPS);
    }

    @Test
    void twoProcessesTakeOneStep() {
        LogGPParameters p = params(2);
        // (1): (2*1500 + 1000) * 1 = 4000
        assertEquals(4000, CollectiveEquations.barrier(p), EPS);
        // (3): (3000 + 1000 + 512) * 1 = 4512
        assertEquals(4512, CollectiveEquations.bcast(p, M), EPS);
        // (2): 2 * 4512 * 1 + 256 * 1 = 9280
        assertEquals(9280, CollectiveEquations.allreduce(p, M), EPS);
        // (5): CPU (4*1500 + 256) * 1 = 6256, NET 2 * (1000 + 512) * 1 = 3024; 6256 + 3024 = 9280
        CostSplit split = CollectiveEquations.allreduceSplit(p, M);
        assertEquals(6256, split.cpu(), EPS);
        assertEquals(3024, split.network(), EPS);
    }

    @Test
    void fiveProcessesTakeThreeSteps() {
        LogGPParameters p = params(5); // ceil(log2 5) = 3
        // (1): 4000 * 3 = 12000; (4): CPU 3000 * 3 = 9000, NET 1000 * 3 = 3000
        assertEquals(12000, CollectiveEquations.barrier(p), EPS);
        assertEquals(9000, CollectiveEquations.barrierSplit(p).cpu(), EPS);
        assertEquals(3000, CollectiveEquations.barrierSplit(p).network(), EPS);
        // (3): 4512 * 3 = 13536; (6): CPU 9000, NET 1512 * 3 = 4536
        assertEquals(13536, CollectiveEquations.bcast(p, M), EPS);
        assertEquals(9000, CollectiveEquations.bcastSplit(p, M).cpu(), EPS);
        assertEquals(4536, CollectiveEquations.bcastSplit(p, M).network(), EPS);
        // overlap potential of the broadcast: 1 - 9000 / 13536 = 4536 / 13536
        assertEquals(4536.0 / 13536.0, CollectiveEquations.bcastSplit(p, M).overlapPotential(), EPS);
        // (2): 2 * 4512 * 3 + 256 * 3 = 27072 + 768 = 27840
        assertEquals(27840, CollectiveEquations.allreduce(p, M), EPS);
    }

    @Test
    void splitsAddUpToTheTotalsForManySizes() {
        for (int processes = 1; processes <= 4097; processes += 37) {
            LogGPParameters p = params(processes);
            for (long m = 0; m <= 1 << 20; m = m * 4 + 1) {
                assertEquals(CollectiveEquations.barrier(p), CollectiveEquations.barrierSplit(p).total(), 1e-6);
                assertEquals(CollectiveEquations.bcast(p, m), CollectiveEquations.bcastSplit(p, m).total(), 1e-6);
                assertEquals(CollectiveEquations.allreduce(p, m), CollectiveEquations.allreduceSplit(p, m).total(), 1e-6);
            }
        }
    }

    @Test
    void overlapPotentialGrowsWithMessageSize() {
        // The paper's claim below equation (6): the network share grows with m (G*m is added to t^NET only).
        LogGPParameters p = params(64);
        double small = CollectiveEquations.bcastSplit(p, 1).overlapPotential();
        double large = CollectiveEquations.bcastSplit(p, 1 << 20).overlapPotential();
        assertTrue(large > small, small + " then " + large);
    }

    @Test
    void invalidParametersAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new LogGPParameters(-1, 1, 1, 1, 2, 1));
        assertTrue(e.getMessage().startsWith("L:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new LogGPParameters(1, Double.NaN, 1, 1, 2, 1));
        assertTrue(e.getMessage().startsWith("o:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new LogGPParameters(1, 1, 1, 1, 0, 1));
        assertTrue(e.getMessage().startsWith("P:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new LogGPParameters(1, 1, 1, 1, 2, Double.POSITIVE_INFINITY));
        assertTrue(e.getMessage().startsWith("gamma:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CollectiveEquations.bcast(params(2), -1));
        assertTrue(e.getMessage().startsWith("m:"), e.getMessage());
    }
}
