package dev.nbc.bench.cli;

import dev.nbc.bench.NbcBench;
import dev.nbc.harness.cli.Cli;
import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.testing.CommandRun;
import dev.nbc.harness.cli.testing.CommandRun.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A benchmark whose --out fills up while its report is written (a 64 KiB tmpfs; the report of
 * {@code sync --quick} is about 280 KiB): one line naming the path and the cause, exit code 2, the
 * summary printed before, no "wrote" line, and the older run's file as it was with no temporary
 * left. Mounting the tmpfs needs root; elsewhere the test is skipped, saying why (ResultFilesTest
 * and CliTest cover the same failure with a failing writer). The timeout only stops a hang.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FullDiskTest {
    @TempDir
    Path dir;

    @Test
    void aFullDiskIsOneLineNamingThePathAfterTheSummary() throws IOException, InterruptedException {
        Path disk = Files.createDirectories(dir.resolve("disk"));
        String refused = run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.toString());
        assumeTrue(refused == null, "a 64 KiB tmpfs cannot be mounted here (it needs root): " + refused);
        try {
            Path out = Files.createDirectories(disk.resolve("results"));
            Files.writeString(out.resolve("sync.csv"), "an older run");
            Outcome o = CommandRun.run(NbcBench.commandLine(new JobEnvironment(Map.of())), "sync", "--transport", "inprocess",
                    "--quick", "--no-progress", "--out", out.toString());
            assertEquals(Cli.EXIT_USAGE, o.exitCode(), o.err());
            assertEquals(1, o.err().lines().count(), o.err());
            assertTrue(o.err().strip().matches(Pattern.quote("scripts/nbc sync: cannot write " + out + "/") + "sync[-a-z]*\\.(csv|json|png|svg|txt)"
                    + Pattern.quote(": No space left on device; no file of this run was put into place, the files there are as they were")),
                    o.err());
            assertTrue(o.out().contains("nbc-bench sync"), "the summary is printed: " + o.out());
            assertFalse(o.out().contains("wrote "), o.out());
            try (Stream<Path> left = Files.list(out)) {
                assertEquals(List.of(out.resolve("sync.csv")), left.toList(), "no temporary left");
            }
            assertEquals("an older run", Files.readString(out.resolve("sync.csv")));
        } finally {
            String unmounted = run("umount", disk.toString());
            assertEquals(null, unmounted, "umount " + disk);
        }
    }

    /** Runs a command; null when it succeeded, else what it said. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException notThere) {
            return notThere.getMessage();
        }
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return process.waitFor() == 0 ? null : "exit " + process.exitValue() + ": " + said;
    }
}
