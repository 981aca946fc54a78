package dev.nbc.examples;

import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs scripts/check/files-refuse-bad-input: every command that reads a model file, a noise
 * trace, a run's JSON report or gauss's CSV refuses a bad one (null, {}, no loggp, 1e308, 1e15,
 * binary bytes, a value above 2^63 on line 102, an empty or truncated file) with exit code 2 and
 * one line naming the file, the line or field, and the rule. This module's test class path holds
 * both programs (nbc-bench as a test dependency) and the MPI bindings that native-latency loads.
 * In {@code scripts/test --full} only (34 s): the readers' own tests check the same files in process.
 */
@Tag("full")
class InputFilesIT {

    @Test
    void everyFileReaderRefusesABadFileInOneLine() {
        // the time limit guards against a hang, it is not a speed claim
        MpiJob.Result result = MpiJob.script(Duration.ofMinutes(10), Map.of("NBC_CHECK_CLASSPATH", MpiJob.testClassPath()),
                "scripts/check/files-refuse-bad-input");
        System.out.print(result.output());
        assertFalse(result.timedOut(), result::describe);
        assertEquals(0, result.exitCode(), result::describe);
        assertTrue(result.output().contains("all checks passed") && !result.output().contains("skip "), result::describe);
    }
}
