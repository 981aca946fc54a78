package dev.nbc.core.integration;

import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Tag;
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
    @ValueSource(ints = {1, 2, 3})
    void manyCollectivesInFlightAgreeWithTheReference(int ranks) {
        runAndCheck(ranks, "posted");
    }

    /** The same at more ranks (scripts/test --full). */
    @ParameterizedTest(name = "P = {0}")
    @ValueSource(ints = {4, 5, 8})
    @Tag("full")
    void manyCollectivesInFlightAtMoreRanksAgreeWithTheReference(int ranks) {
        runAndCheck(ranks, "posted");
    }

    /** The same with probed MPI receives, which are matched by the transport rather than by MPI. */
    @ParameterizedTest(name = "P = {0}, probed receives")
    @ValueSource(ints = {2})
    void manyCollectivesInFlightWithProbedReceivesAgreeWithTheReference(int ranks) {
        runAndCheck(ranks, "probed");
    }

    /** Probed receives at more ranks (scripts/test --full). */
    @ParameterizedTest(name = "P = {0}, probed receives")
    @ValueSource(ints = {5})
    @Tag("full")
    void manyCollectivesInFlightAtMoreRanksWithProbedReceivesAgreeWithTheReference(int ranks) {
        runAndCheck(ranks, "probed");
    }

    private static void runAndCheck(int ranks, String receives) {
        MpiJob.Result result = MpiJob.run(ranks, Duration.ofMinutes(4), MixedCollectivesOnMpi.class, String.valueOf(SEED),
                receives);
        String context = "seed " + SEED + " (rerun with -Dnbc.seed=" + SEED + "); ";
        assertFalse(result.timedOut(), () -> context + result.describe());
        assertFalse(result.output().contains("FAILED"), () -> context + result.describe());
        assertEquals(0, result.exitCode(), () -> context + result.describe());
        String summary = "MixedCollectivesOnMpi: P=" + ranks + " seed=" + SEED + " receives=" + receives + ": ";
        assertTrue(result.output().contains(summary)
                && result.output().contains("all right"), () -> context + result.describe());
    }

    /**
     * 64 application threads per rank, each on a duplicate of COMM_WORLD of its own, one engine:
     * every thread's collectives complete and are right. A rank that completes nothing for 20 s
     * prints every thread's stack ({@link ManyThreadsOnMpi}).
     */
    @ParameterizedTest(name = "P = {0}, 64 threads")
    @ValueSource(ints = {2})
    @Tag("full")
    void sixtyFourThreadsOnCommunicatorsOfTheirOwnAllComplete(int ranks) {
        MpiJob.Result result = MpiJob.run(ranks, Duration.ofMinutes(3), ManyThreadsOnMpi.class, "64", "200");
        assertEquals(0, result.exitCode(), result::describe);
        for (int rank = 0; rank < ranks; rank++) {
            assertTrue(result.output().contains("ManyThreadsOnMpi: rank " + rank + ": 25600 collectives correct"), result::describe);
        }
    }
}
