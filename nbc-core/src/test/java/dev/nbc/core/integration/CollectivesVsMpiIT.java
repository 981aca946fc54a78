package dev.nbc.core.integration;

import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * nbc's collectives on real MPI ranks equal the MPI library's own blocking collectives on the
 * same data, byte for byte ({@link CollectivesVsMpi}), for powers of two, non-powers of two and
 * P=1, on the MPI of {@link dev.nbc.core.testing.mpi.MpiStack#current()} (module nbc-ffm runs
 * this suite on Open MPI and MPICH through the FFM API).
 */
class CollectivesVsMpiIT {

    @ParameterizedTest(name = "P = {0}, {1}")
    @CsvSource({"1, THREAD", "3, THREAD"})
    void everyCollectiveEqualsTheMpis(int ranks, ProgressMode mode) {
        compareWithMpi(ranks, mode);
    }

    /**
     * The same with the application's tests as the only progress (the engine's, not the
     * transport's concern: the FFM stacks' default run leaves it to scripts/test --full).
     */
    @Test
    void everyCollectiveEqualsTheMpisWithoutAProgressThread() {
        compareWithMpi(3, ProgressMode.MANUAL);
    }

    /** The same at the other ranks: P = 2 and more (scripts/test --full). */
    @ParameterizedTest(name = "P = {0}, {1}")
    @CsvSource({"2, THREAD", "4, THREAD", "5, THREAD", "8, THREAD", "4, MANUAL"})
    @Tag("full")
    void everyCollectiveEqualsTheMpisAtOtherRanks(int ranks, ProgressMode mode) {
        compareWithMpi(ranks, mode);
    }

    private static void compareWithMpi(int ranks, ProgressMode mode) {
        MpiJob.Result result = MpiJob.run(ranks, Duration.ofMinutes(5), CollectivesVsMpi.class,
                String.valueOf(ranks), mode.name());
        assertNoMismatch(result, ranks, mode, "mpi");
    }

    /**
     * Probed MPI receives ({@code NBC_MPI_RECEIVES=probed}), every collective and algorithm at
     * sizes on both sides of Open MPI's eager limit: a send longer than it completes only once
     * the receiver has matched it, which a probed receive does only when the transport is polled.
     */
    @ParameterizedTest(name = "P = {0}, {1}, probed receives")
    @CsvSource({"2, MANUAL", "3, THREAD"})
    void everyCollectiveWithProbedReceivesEqualsTheMpis(int ranks, ProgressMode mode) {
        compareWithMpiProbed(ranks, mode);
    }

    /** The same at more ranks (scripts/test --full). */
    @ParameterizedTest(name = "P = {0}, {1}, probed receives")
    @CsvSource({"4, MANUAL", "8, THREAD"})
    @Tag("full")
    void everyCollectiveWithProbedReceivesEqualsTheMpisAtMoreRanks(int ranks, ProgressMode mode) {
        compareWithMpiProbed(ranks, mode);
    }

    private static void compareWithMpiProbed(int ranks, ProgressMode mode) {
        MpiJob.Result result = MpiJob.run(ranks, Duration.ofMinutes(3), CollectivesVsMpi.class,
                String.valueOf(ranks), mode.name(), "mpi", "probed");
        assertNoMismatch(result, ranks, mode, "mpi receives=probed");
    }

    /** nbc's own TCP transport between the ranks of one host (loopback), P = 1 and a non-power of two. */
    @ParameterizedTest(name = "P = {0} over nbc's TCP transport")
    @CsvSource({"1", "3"})
    void everyCollectiveOverTcpEqualsTheMpis(int ranks) {
        MpiJob.Result result = MpiJob.run(ranks, Duration.ofMinutes(5), CollectivesVsMpi.class,
                String.valueOf(ranks), ProgressMode.THREAD.name(), "tcp");
        assertNoMismatch(result, ranks, ProgressMode.THREAD, "tcp");
    }

    /** The job ended by itself, with exit code 0 and its summary line of 0 mismatches. */
    static void assertNoMismatch(MpiJob.Result result, int ranks, ProgressMode mode, String transport) {
        assertFalse(result.timedOut(), result::describe);
        assertFalse(result.output().contains("MISMATCH"), result::describe);
        assertEquals(0, result.exitCode(), result::describe);
        assertTrue(result.output().contains("P=" + ranks + " mode=" + mode + " transport=" + transport + ": ")
                        && result.output().contains(" 0 mismatches"),
                result::describe);
    }
}
