package dev.nbc.harness.cli;

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
 * Runs scripts/check/scripts-refuse-bad-input: scripts/setup refuses a bad jar without touching
 * ~/.m2 or .nbc/env, scripts/nbcrun refuses a rank count beyond sense before mpirun starts, and
 * scripts/bench and scripts/gauss pass the user's options through, scripts/nbc runs a command in
 * one JVM or through nbcrun, and the scripts' --help prints their usage once, starting and writing
 * nothing. The script works in a
 * temporary directory of its own; its 2-rank check of a fake jar needs mpirun (scripts/setup).
 */
class ScriptsIT {

    @Test
    void theScriptsRefuseBadInputAndPassOptionsThrough() throws IOException, InterruptedException {
        Path script = MpiJob.repositoryRoot().resolve("scripts/check/scripts-refuse-bad-input");
        Path log = Files.createTempFile("scripts-refuse-bad-input", ".log");
        try {
            Process process = new ProcessBuilder(script.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            // a guard against a hang (a wrongly accepted -np would reach only a stub mpirun), not a speed claim
            boolean ended = process.waitFor(10, TimeUnit.MINUTES);
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            System.out.print(output);
            assertTrue(ended, "the script did not end; its output so far:\n" + output);
            assertEquals(0, process.exitValue(), output);
            assertTrue(output.contains("all checks passed"), output);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
