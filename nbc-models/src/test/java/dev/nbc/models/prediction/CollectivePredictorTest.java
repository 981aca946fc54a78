package dev.nbc.models.prediction;

import dev.nbc.core.algorithm.Algorithms;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.models.loggp.CollectiveEquations;
import dev.nbc.models.loggp.LogGPParameters;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
