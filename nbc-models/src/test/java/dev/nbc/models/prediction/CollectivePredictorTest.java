package dev.nbc.models.prediction;

import dev.nbc.core.algorithm.Algorithms;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.models.loggp.CollectiveEquations;
import dev.nbc.models.loggp.LogGPParameters;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CollectivePredictorTest {
    private static final LogGPParameters P8 = new LogGPParameters(5_000, 1_000, 1_000, 0.1, 8, 0.3);

    @Test
    void barrierOnAPowerOfTwoIsEquationOne() {
        Prediction p = CollectivePredictor.predict(P8, Collective.BARRIER, null, 0);
        assertEquals("DISSEMINATION", p.algorithm().name());
        assertEquals(CollectiveEquations.barrier(P8), p.time(), 1e-6);
        assertEquals(CollectiveEquations.barrier(P8), p.equations().total(), 1e-6);
        // 2o of 2o + L per step is CPU: overlap potential L / (2o + L)
        assertEquals(5.0 / 7.0, p.overlapPotential(), 1e-9);
    }

    @Test
    void defaultAlgorithmIsTheSelectorsAndANamedOneIsUsed() {
        assertEquals("BINOMIAL", CollectivePredictor.predict(P8, Collective.BCAST, null, 1024).algorithm().name());
        Prediction ring = CollectivePredictor.predict(P8, Collective.ALLREDUCE, Algorithms.parse(Collective.ALLREDUCE, "ring"), 1 << 20);
        assertEquals("RING", ring.algorithm().name());
        assertTrue(ring.time() > 0 && ring.cpuShare() > 0 && ring.cpuShare() <= 1);
    }

    /**
     * The simulator predicts any collective whose blocks are alike; the equations stay the
     * paper's three. P = 2 pairwise all-to-all: each rank copies its own block (γ per byte), then
     * exchanges one block, o to send and o to receive: γm + L + 2o + (m-1)G, of which γm + 2o is CPU.
     */
    @Test
    void theSimulatorPredictsEveryCollectiveWithEqualBlocks() {
        LogGPParameters p2 = new LogGPParameters(5_000, 1_000, 1_000, 0.1, 2, 0.3);
        int bytes = 1 << 20;
        Prediction alltoall = CollectivePredictor.predict(p2, Collective.ALLTOALL, Algorithms.parse(Collective.ALLTOALL, "pairwise"), bytes);
        assertNull(alltoall.equations());
        double cpu = 0.3 * bytes + 2 * 1_000;
        assertEquals(cpu + 5_000 + (bytes - 1) * 0.1, alltoall.time(), 1.0);
        assertEquals(1 - cpu / alltoall.time(), alltoall.overlapPotential(), 1e-3);
        Prediction allgather = CollectivePredictor.predict(p2, Collective.ALLGATHER, null, bytes);
        assertTrue(allgather.time() > 5_000 + bytes * 0.1 && allgather.overlapPotential() > 0 && allgather.overlapPotential() < 1);
        IllegalArgumentException v = assertThrows(IllegalArgumentException.class,
                () -> CollectivePredictor.predict(p2, Collective.ALLGATHERV, null, bytes));
        assertTrue(v.getMessage().startsWith("collective:"), v.getMessage());
    }

    @Test
    void unknownAlgorithmNamesTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Algorithms.parse(Collective.BCAST, "ring"));
        assertTrue(e.getMessage().contains("binomial") && e.getMessage().startsWith("algorithm:"), e.getMessage());
        IllegalArgumentException wrongType = assertThrows(IllegalArgumentException.class,
                () -> CollectivePredictor.predict(P8, Collective.BCAST, AllreduceAlgorithm.RING, 1024));
        assertTrue(wrongType.getMessage().startsWith("algorithm:"), wrongType.getMessage());
    }
}
