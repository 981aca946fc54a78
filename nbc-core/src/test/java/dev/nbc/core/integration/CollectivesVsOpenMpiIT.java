package dev.nbc.core.integration;

import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * nbc's collectives on real Open MPI ranks equal Open MPI's own blocking collectives on the same
 * data, byte for byte ({@link CollectivesVsOpenMpi}), for powers of two, non-powers of two and P=1.
 */
class CollectivesVsOpenMpiIT {

    @ParameterizedTest(name = "P = {0}, {1}")
    @CsvSource({"1, THREAD", "2, THREAD", "3, THREAD", "3, MANUAL"})
    void everyCollectiveEqualsOpenMpis(int ranks, ProgressMode mode) {
        compareWithOpenMpi(ranks, mode);
    }

    /** The same at more ranks (scripts/test --full). */
    @ParameterizedTest(name = "P = {0}, {1}")
    @CsvSource({"4, THREAD", "5, THREAD", "8, THREAD", "4, MANUAL"})
    @Tag("full")
    void everyCollectiveEqualsOpenMpisAtMoreRanks(int ranks, ProgressMode mode) {
        compareWithOpenMpi(ranks, mode);
    }

    private static void compareWithOpenMpi(int ranks, ProgressMode mode) {
        MpiJob.Result result = MpiJob.run(ranks, Duration.ofMinutes(5), CollectivesVsOpenMpi.class,
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
    void everyCollectiveWithProbedReceivesEqualsOpenMpis(int ranks, ProgressMode mode) {
        compareWithOpenMpiProbed(ranks, mode);
    }

    /** The same at more ranks (scripts/test --full). */
    @ParameterizedTest(name = "P = {0}, {1}, probed receives")
    @CsvSource({"4, MANUAL", "8, THREAD"})
    @Tag("full")
    void everyCollectiveWithProbedReceivesEqualsOpenMpisAtMoreRanks(int ranks, ProgressMode mode) {
        compareWithOpenMpiProbed(ranks, mode);
    }

    private static void compareWithOpenMpiProbed(int ranks, ProgressMode mode) {
        MpiJob.Result result = MpiJob.run(ranks, Duration.ofMinutes(3), CollectivesVsOpenMpi.class,
                String.valueOf(ranks), mode.name(), "mpi", "probed");
        assertNoMismatch(result, ranks, mode, "mpi receives=probed");
    }

    /** nbc's own TCP transport between the ranks of one host (loopback), P = 1 and a non-power of two. */
    @ParameterizedTest(name = "P = {0} over nbc's TCP transport")
    @CsvSource({"1", "3"})
    void everyCollectiveOverTcpEqualsOpenMpis(int ranks) {
        MpiJob.Result result = MpiJob.run(ranks, Duration.ofMinutes(5), CollectivesVsOpenMpi.class,
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
