package dev.nbc.bench.failure;

import dev.nbc.bench.NbcBench;
import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command-line failures on real MPI ranks: each job must end (the timeouts are
 * only there to turn a hang into a failure, they are minutes long) with the right exit code.
 */
class RankFailureIT {
    private static final Duration HANG = Duration.ofMinutes(3);

    @ParameterizedTest(name = "failing rank {0} of 2")
    @ValueSource(ints = {0, 1})
    void aFailureOnOneRankEndsEveryRank(int failing) {
        MpiJob.Result r = MpiJob.run(2, HANG, FailingRankMain.class, Integer.toString(failing));
        assertFalse(r.timedOut(), r.describe());
        assertNotEquals(0, r.exitCode(), r.describe());
        assertTrue(r.output().contains("planted failure on rank " + failing), r.describe());
        assertTrue(r.output().contains("failed, ending every rank of the job"), r.describe());
    }

    @Test
    void anUnwritableOutIsOneLineAndExitCode2OnEveryRank(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        MpiJob.Result r = MpiJob.run(2, HANG, NbcBench.class, "sync", "--quick", "--no-progress", "--out", file.toString());
        assertFalse(r.timedOut(), r.describe());
        assertEquals(2, r.exitCode(), r.describe());
        assertEquals(1, r.output().lines().filter(l -> l.startsWith("scripts/nbc sync: --out: cannot write into")).count(), r.describe());
        assertFalse(r.output().contains("SYNC"), "nothing measured: " + r.describe());
        assertFalse(r.output().contains("\tat "), "no stack trace: " + r.describe());
    }

    @Test
    void aBadOptionIsReportedOnceNotOncePerRank() {
        MpiJob.Result r = MpiJob.run(2, HANG, NbcBench.class, "overlap", "--repetitions", "-5");
        assertFalse(r.timedOut(), r.describe());
        assertEquals(2, r.exitCode(), r.describe());
        assertEquals(1, r.output().lines().filter(l -> l.contains("--repetitions: must be at least 1, but was -5")).count(),
                r.describe());
        assertFalse(r.output().contains("Usage:"), r.describe());
        assertFalse(r.output().contains("\tat "), "no stack trace: " + r.describe());
    }
}
