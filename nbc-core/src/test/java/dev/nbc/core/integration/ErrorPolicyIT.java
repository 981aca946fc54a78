package dev.nbc.core.integration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Failures only one rank sees on Open MPI ranks, without the consistency
 * check: a truncated broadcast and a user operation that throws. By default (FAIL_FAST) the job
 * ends with a clear message, as Open MPI's own collectives end it; under RETURN every rank fails
 * (or has completed with the right data) and its next call fails, none waits forever. A misuse
 * the caller can be told of (a call on a closed communicator) is not such a failure: it throws in
 * the caller and ends nothing.
 */
class ErrorPolicyIT {

    @Test
    void aTruncatedBroadcastEndsTheJobByDefault() {
        MisuseScenarioRun run = MisuseScenarioRun.run(3, "bcast-root-larger", "off", "fail-fast", "posted");
        assertNotEquals(0, run.job.exitCode(), run::describe);
        assertTrue(run.output().contains("nbc: IBCAST") && run.output().contains("MPI_ERR_TRUNCATE")
                && run.output().contains("; ending the job (error policy FAIL_FAST"), run.describe());
    }

    @Test
    void underReturnATruncatedPostedReceiveStillEndsTheJobForItsMemoryMayBeOverwritten() {
        MisuseScenarioRun run = MisuseScenarioRun.run(3, "bcast-root-larger", "off", "return", "posted");
        assertNotEquals(0, run.job.exitCode(), run::describe);
        assertTrue(run.output().contains("MPI_ERR_TRUNCATE") && run.output().contains("NBC_MPI_RECEIVES=probed")
                && run.output().contains("; ending the job (memory may be overwritten, which no error policy can return from)"),
                run.describe());
        for (int rank = 1; rank < 3; rank++) {
            assertNull(run.result(rank), "receiver " + rank + " went on: " + run.describe());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bcast-root-larger", "bcast-root-much-larger"})
    void probedReceivesRefuseALongerMessageWritingNothing(String scenario) {
        // Posted receives let Open MPI 4.1.4 write past the receive (the guard is overwritten) or
        // crash at 4.8 MB; probed ones learn the size first.
        MisuseScenarioRun run = MisuseScenarioRun.run(3, scenario, "off", "return", "probed");
        assertEquals(0, run.job.exitCode(), run::describe);
        for (int rank = 1; rank < 3; rank++) {
            assertTrue(run.requireResult(rank).contains("message truncated: rank 0 sent")
                    && run.requireResult(rank).contains("nothing was written"), run.describe());
            assertEquals("intact", run.guard(rank), run.describe());
        }
        // The rule is "no later than its next call": the root, whose sends may all be done, learns
        // of the receivers' failure in the broadcast itself if the revocation arrives in time, else
        // in the barrier after it (either happened, 2 of 5 runs the former).
        String root = run.requireResult(0);
        assertTrue((root.startsWith("failed: IBARRIER") || root.startsWith("failed: IBCAST"))
                && root.contains("revoked the communicator"), "the root learns by its next call: " + run.describe());
    }

    @ParameterizedTest(name = "check {0}")
    @ValueSource(strings = {"off", "on"})
    void aCollectiveOnAClosedCommunicatorThrowsInTheCallerAndTheJobGoesOn(String check) {
        // Refused in the caller: in the engine, over the closed transport, it was a failure the
        // error policy took for one the peers cannot see, and FAIL_FAST ended the job.
        MisuseScenarioRun run = MisuseScenarioRun.run(2, "collective-after-close", check, "fail-fast", "posted");
        assertEquals(0, run.job.exitCode(), run::describe);
        assertFalse(run.output().contains("ending the job"), run.describe());
        for (int rank = 0; rank < 2; rank++) {
            assertEquals("completed", run.requireResult(rank), run.describe());
            List<String> refusals = run.refusals(rank);
            assertEquals(2, refusals.size(), "an allreduce and a persistent start: " + run.describe());
            for (String refusal : refusals) {
                assertEquals("IllegalStateException: IALLREDUCE 8 x DOUBLE SUM on rank " + rank + " of 2: the communicator is closed",
                        refusal, run.describe());
            }
        }
    }

    @Test
    void aUserOperationThrowingOnOneRankEndsTheJobByDefault() {
        MisuseScenarioRun run = MisuseScenarioRun.run(3, "operation-throws-on-one-rank", "off", "fail-fast", "posted");
        assertNotEquals(0, run.job.exitCode(), run::describe);
        assertTrue(run.output().contains("planted failure of the user's operation; ending the job (error policy FAIL_FAST"),
                run.describe());
    }

    @Test
    void underReturnAUserOperationThrowingOnOneRankFailsEveryRankInsteadOfHanging() {
        MisuseScenarioRun run = MisuseScenarioRun.run(3, "operation-throws-on-one-rank", "off", "return", "posted");
        assertEquals(0, run.job.exitCode(), run::describe);
        assertTrue(run.output().contains("FIRST rank=1 failed: ") && run.output().contains("planted failure"), run.describe());
        for (int rank = 0; rank < 3; rank++) {
            String result = run.requireResult(rank);
            assertTrue(result.startsWith("failed: IBARRIER") && result.contains("revoked the communicator")
                    && result.contains("planted failure"), "rank " + rank + ": " + run.describe());
        }
    }
}
