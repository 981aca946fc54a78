package dev.nbc.core.transport.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** MpiTransport on real Open MPI ranks (scripts/nbcrun): see {@link MpiTransportRankMain}. */
class MpiTransportIT {

    @ParameterizedTest(name = "P = {0}")
    @ValueSource(ints = {1, 2, 3})
    void everyRankExchangesWithEveryRankAndBadInputIsRefused(int ranks) {
        runAndCheck(ranks, ReceiveMode.POSTED);
    }

    /** The same at P = 4 (scripts/test --full). */
    @Test
    @Tag("full")
    void everyRankOfFourExchangesWithEveryRankAndBadInputIsRefused() {
        runAndCheck(4, ReceiveMode.POSTED);
    }

    @ParameterizedTest(name = "P = {0}, probed receives")
    @ValueSource(ints = {2, 3})
    void withProbedReceivesEveryRankExchangesWithEveryRankAndBadInputIsRefused(int ranks) {
        runAndCheck(ranks, ReceiveMode.PROBED);
    }

    @ParameterizedTest(name = "P = {0}, long messages in pieces")
    @ValueSource(ints = {1, 3})
    void withMessagesInPiecesEveryRankExchangesWithEveryRankAndTrainsOfAnotherLengthFail(int ranks) {
        runAndCheck(ranks, "pieces");
    }

    private static void runAndCheck(int ranks, ReceiveMode receives) {
        runAndCheck(ranks, receives.toString());
    }

    private static void runAndCheck(int ranks, String receives) {
        MpiJob.Result result = MpiJob.run(ranks, Duration.ofMinutes(4), MpiTransportRankMain.class, receives);
        assertFalse(result.timedOut(), result::describe);
        assertEquals(0, result.exitCode(), result::describe);
        assertFalse(result.output().contains("FAILED"), result::describe);
        for (int r = 0; r < ranks; r++) {
            String ok = "MpiTransportRankMain: rank " + r + " of " + ranks + " OK (receives " + receives + ")";
            assertTrue(result.output().contains(ok),
                    "rank " + r + " did not report OK; " + result.describe());
        }
    }
}
