package dev.nbc.harness.cli;

import dev.nbc.harness.cli.testing.CommandRun;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.Map;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CliTest {

    /** A command with a checked mixin and a rule across options; records whether it ran. */
    @Command(name = "probe", mixinStandardHelpOptions = true)
    static final class Probe implements Callable<Integer>, Checked {
        @Mixin
        NetworkOptions network;

        @Option(names = "--ranks", defaultValue = "2")
        int ranks;

        @Option(names = "--transport", defaultValue = "inprocess")
        TransportKind transport;

        boolean ran;

        @Override
        public void check(OptionChecks checks) {
            checks.rankCount("--ranks", ranks);
            network.checkUsedWith(transport, checks);
            assertTrue(checks.options(NetworkOptions.class) == network, "a mixin is found by its type");
        }

        @Override
        public Integer call() {
            ran = true;
            return 0;
        }
    }

    /** A run of a fresh Probe, and whether the command itself ran. */
    private record ProbeRun(CommandRun.Outcome outcome, boolean ran) {
    }

    private static ProbeRun runProbe(JobEnvironment job, String... args) {
        Probe probe = new Probe();
        CommandRun.Outcome outcome = CommandRun.run(Cli.commandLine(probe, job), args);
        return new ProbeRun(outcome, probe.ran);
    }

    private static ProbeRun runProbe(String... args) {
        return runProbe(new JobEnvironment(Map.of()), args);
    }

    private static void assertUserError(ProbeRun run, String expected) {
        CommandRun.assertUserError(run.outcome(), "probe", expected);
        assertFalse(run.ran(), "the command must not run after a user error");
        assertTrue(run.outcome().err().contains("(see probe --help)"), run.outcome().err());
    }

    @Test
    void goodOptionsRun() {
        var run = runProbe("--ranks", "3", "--latency-us", "20", "--G-ns-per-byte", "0.5");
        assertEquals(0, run.outcome().exitCode(), run.outcome().err());
        assertTrue(run.ran());
    }

    @Test
    void checksOfMixinsAndCommandFailBeforeTheCommandRuns() {
        assertUserError(runProbe("--ranks", "0"), "--ranks: must be between 1 and ");
        assertUserError(runProbe("--latency-us", "NaN"), "--latency-us: must be a finite number of at least 0, but was NaN");
        assertUserError(runProbe("--gap-us", "-1"), "--gap-us");
        assertUserError(runProbe("--transport", "mpi", "--overhead-us", "2"), "for --transport inprocess only");
    }

    @Test
    void picocliParseErrorsAreOneLineToo() {
        assertUserError(runProbe("--transport", "foo"), "--transport");
        assertUserError(runProbe("--ranks", "x"), "--ranks");
        assertUserError(runProbe("--rank", "2"), "did you mean --ranks?");
    }

    @Test
    void onlyRankZeroSpeaksUnderMpirun() {
        var rank1 = runProbe(new JobEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "1", "OMPI_COMM_WORLD_SIZE", "2")), "--ranks", "0");
        assertEquals(Cli.EXIT_USAGE, rank1.outcome().exitCode());
        assertEquals("", rank1.outcome().err());
        var rank0 = runProbe(new JobEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "2")), "--ranks", "0");
        assertUserError(rank0, "--ranks");
    }

    @Test
    void helpIsShownEvenWhenAnotherValueIsBad() {
        assertEquals(0, runProbe("--help", "--ranks", "0").outcome().exitCode());
    }

    @Test
    void transportAndEnvironment() {
        assertEquals(TransportKind.INPROCESS, TransportKind.parse("In-Process"));
        assertEquals(TransportKind.MPI, TransportKind.defaultFor(new JobEnvironment(Map.of("PMIX_RANK", "3"))));
        assertEquals(3, new JobEnvironment(Map.of("PMIX_RANK", "3")).rank());
        assertEquals(TransportKind.INPROCESS, TransportKind.defaultFor(new JobEnvironment(Map.of())));
        assertTrue(new JobEnvironment(Map.of()).worldSize().isEmpty());
    }

    @Test
    void heapBudgetFormats() {
        assertEquals("512 B", HeapBudget.format(512));
        assertEquals("1.5 KiB", HeapBudget.format(1536));
        assertEquals("32.0 GiB", HeapBudget.format(32.0 * (1L << 30)));
    }

    /** A command whose results cannot be written: the disk is full when it writes them. */
    @Command(name = "writer")
    static final class FullDiskWriter implements Callable<Integer> {
        final java.nio.file.Path target;

        FullDiskWriter(java.nio.file.Path target) {
            this.target = target;
        }

        @Override
        public Integer call() throws java.io.IOException {
            System.out.println("the results");
            try (ResultFiles files = new ResultFiles()) {
                files.write(target, out -> {
                    throw new java.io.IOException("No space left on device");
                });
                files.commit();
            }
            return 0;
        }
    }

    @Test
    void resultFilesThatCannotBeWrittenAreOneLineNamingThePath(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path target = dir.resolve("run.json");
        CommandRun.Outcome o = CommandRun.run(Cli.commandLine(new FullDiskWriter(target), new JobEnvironment(Map.of())));
        assertEquals(Cli.EXIT_USAGE, o.exitCode(), o.err());
        assertEquals("writer: cannot write " + target + ": No space left on device; no file of this run was put into place, "
                + "the files there are as they were", o.err().strip());
        CommandRun.Outcome rank1 = CommandRun.run(Cli.commandLine(new FullDiskWriter(target),
                new JobEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "1", "OMPI_COMM_WORLD_SIZE", "2"))));
        assertEquals(Cli.EXIT_USAGE, rank1.exitCode());
        assertEquals("", rank1.err(), "only rank 0 speaks");
    }
}
