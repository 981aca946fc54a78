package dev.nbc.core.integration;

import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The randomized mixed-collective run over Open MPI ranks ({@link MixedCollectivesOnMpi}): many
 * collectives in flight on four communicators, random roots, counts, types, operations,
 * algorithms, buffers and completion methods, with a progress thread and without, every result
 * against the sequential reference. A new seed each run, named in every failure; -Dnbc.seed=N
 * runs the same again.
 */
class MixedCollectivesIT {
    private static final long SEED = Long.getLong("nbc.seed", System.nanoTime());

    @ParameterizedTest(name = "P = {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 8})
    void manyCollectivesInFlightAgreeWithTheReference(int ranks) {
        MpiJob.Result result = MpiJob.run(ranks, Duration.ofMinutes(4), MixedCollectivesOnMpi.class, String.valueOf(SEED));
        String context = "seed " + SEED + " (rerun with -Dnbc.seed=" + SEED + "); ";
        assertFalse(result.timedOut(), () -> context + result.describe());
        assertFalse(result.output().contains("FAILED"), () -> context + result.describe());
        assertEquals(0, result.exitCode(), () -> context + result.describe());
        assertTrue(result.output().contains("MixedCollectivesOnMpi: P=" + ranks + " seed=" + SEED + ": ")
                && result.output().contains("all right"), () -> context + result.describe());
    }
}
