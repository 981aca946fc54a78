package dev.nbc.examples;

import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs scripts/check/files-refuse-bad-input: every command that reads a model file, a noise
 * trace, a run's JSON report or gauss's CSV refuses a bad one (null, {}, no loggp, 1e308, 1e15,
 * binary bytes, a value above 2^63 on line 102, an empty or truncated file) with exit code 2 and
 * one line naming the file, the line or field, and the rule. This module's test class path holds
 * both programs (nbc-bench as a test dependency) and the MPI bindings that native-latency loads.
 */
class InputFilesIT {

    @Test
    void everyFileReaderRefusesABadFileInOneLine() throws IOException, InterruptedException {
        Path script = MpiJob.repositoryRoot().resolve("scripts/check/files-refuse-bad-input");
        Path log = Files.createTempFile("files-refuse-bad-input", ".log");
        try {
            ProcessBuilder builder = new ProcessBuilder(script.toString()).redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().put("NBC_CHECK_CLASSPATH", MpiJob.testClassPath());
            Process process = builder.start();
            // a guard against a hang (a bad value wrongly reaching a simulation), not a speed claim
            boolean ended = process.waitFor(10, TimeUnit.MINUTES);
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            System.out.print(output);
            assertTrue(ended, "the script did not end; its output so far:\n" + output);
            assertEquals(0, process.exitValue(), output);
            assertTrue(output.contains("all checks passed") && !output.contains("skip "), output);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
