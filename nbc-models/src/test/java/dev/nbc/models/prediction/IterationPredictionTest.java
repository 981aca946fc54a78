package dev.nbc.models.prediction;

import dev.nbc.core.schedule.Collective;
import dev.nbc.models.loggp.LogGPParameters;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class IterationPredictionTest {
    /** L = 20 us, o = 5 us, no gaps, no reduction cost, P = 2: one exchange, o + L + o = 30 us, of which 10 us CPU. */
    private static final LogGPParameters TWO = new LogGPParameters(20_000, 5_000, 0, 0, 2, 0);

    private static IterationPrediction loop(Collective collective, double computeNanos) {
        return IterationPrediction.of(CollectivePredictor.simulate(TWO, collective, null, 8), computeNanos);
    }

    @Test
    void withoutComputationBothLoopsTakeTheCollectivesTime() {
        IterationPrediction p = loop(Collective.ALLREDUCE, 0);
        assertEquals(30_000, p.collectiveNanos(), 1e-6);
        assertEquals(10_000, p.cpuNanos(), 1e-6);
        assertEquals(20_000, p.networkNanos(), 1e-6);
        assertEquals(30_000, p.blockingIterationNanos(), 1e-6);
        assertEquals(30_000, p.overlappedIterationNanos(), 1e-6);
        assertEquals(1.0, p.speedup(), 1e-12);
    }

    @Test
    void computationLongerThanTheNetworkTimeHidesItAndLeavesTheCpu() {
        IterationPrediction p = loop(Collective.ALLREDUCE, 1_000_000);
        assertEquals(1_030_000, p.blockingIterationNanos(), 1e-6);
        assertEquals(30_000, p.blockingCostNanos(), 1e-6);
        assertEquals(1_010_000, p.overlappedIterationNanos(), 1e-6);
        assertEquals(10_000, p.overlappedCostNanos(), 1e-6);
        assertEquals(1_030_000 / 1_010_000.0, p.speedup(), 1e-12);
    }

    @Test
    void computationShorterThanTheNetworkTimeLeavesTheRestOfIt() {
        IterationPrediction p = loop(Collective.ALLREDUCE, 15_000);
        assertEquals(45_000, p.blockingIterationNanos(), 1e-6);
        assertEquals(10_000 + 20_000, p.overlappedIterationNanos(), 1e-6, "cpu + max(C, net)");
        assertEquals(15_000, p.overlappedCostNanos(), 1e-6);
    }

    /**
     * A broadcast from rank 0 to rank 1 alone takes o + L + o = 30 us; in a loop the root runs
     * ahead, its message is there when the leaf comes for it, and every iteration costs the root's
     * o and the leaf's o: C + 5 us, blocking or overlapped.
     */
    @Test
    void aRootedCollectivePipelinesInALoop() {
        IterationPrediction p = loop(Collective.BCAST, 1_000_000);
        assertEquals(30_000, p.collectiveNanos(), 1e-6);
        assertEquals(1_005_000, p.blockingIterationNanos(), 1e-6);
        assertEquals(1_005_000, p.overlappedIterationNanos(), 1e-6);
    }

    @Test
    void aNegativeComputationIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> loop(Collective.ALLREDUCE, -1));
        assertEquals("computeNanos: must be finite and >= 0, but was -1.0", e.getMessage());
    }
}
