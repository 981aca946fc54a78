package dev.nbc.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.io.StringWriter;
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

    private record Outcome(int exitCode, String err, boolean ran) {
    }

    private static Outcome run(JobEnvironment job, String... args) {
        Probe probe = new Probe();
        CommandLine line = Cli.commandLine(probe, job);
        StringWriter err = new StringWriter();
        line.setErr(new PrintWriter(err, true));
        line.setOut(new PrintWriter(new StringWriter(), true));
        int code = line.execute(args);
        return new Outcome(code, err.toString(), probe.ran);
    }

    private static Outcome run(String... args) {
        return run(new JobEnvironment(Map.of()), args);
    }

    private static void assertUserError(Outcome o, String option) {
        assertEquals(Cli.EXIT_USAGE, o.exitCode(), o.err());
        assertFalse(o.ran(), "the command must not run after a user error");
        assertEquals(1, o.err().lines().count(), "one line: " + o.err());
        assertTrue(o.err().startsWith("probe: "), o.err());
        assertTrue(o.err().contains(option), "names " + option + ": " + o.err());
        assertTrue(o.err().contains("(see probe --help)"), o.err());
        assertFalse(o.err().contains("\tat "), "no stack trace: " + o.err());
    }

    @Test
    void goodOptionsRun() {
        Outcome o = run("--ranks", "3", "--latency-us", "20", "--G-ns-per-byte", "0.5");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.ran());
    }

    @Test
    void checksOfMixinsAndCommandFailBeforeTheCommandRuns() {
        assertUserError(run("--ranks", "0"), "--ranks: must be between 1 and ");
        assertUserError(run("--latency-us", "NaN"), "--latency-us: must be a finite number of at least 0, but was NaN");
        assertUserError(run("--gap-us", "-1"), "--gap-us");
        assertUserError(run("--transport", "mpi", "--overhead-us", "2"), "for --transport inprocess only");
    }

    @Test
    void picocliParseErrorsAreOneLineToo() {
        assertUserError(run("--transport", "foo"), "--transport");
        assertUserError(run("--ranks", "x"), "--ranks");
        assertUserError(run("--rank", "2"), "did you mean --ranks?");
    }

    @Test
    void onlyRankZeroSpeaksUnderMpirun() {
        Outcome rank1 = run(new JobEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "1", "OMPI_COMM_WORLD_SIZE", "2")), "--ranks", "0");
        assertEquals(Cli.EXIT_USAGE, rank1.exitCode());
        assertEquals("", rank1.err());
        Outcome rank0 = run(new JobEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "2")), "--ranks", "0");
        assertUserError(rank0, "--ranks");
    }

    @Test
    void helpIsShownEvenWhenAnotherValueIsBad() {
        assertEquals(0, run("--help", "--ranks", "0").exitCode());
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
}
