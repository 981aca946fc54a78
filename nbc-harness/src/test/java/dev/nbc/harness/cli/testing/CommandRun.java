package dev.nbc.harness.cli.testing;

import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs a program's command line in process, as a user would run it, and checks how it refused bad
 * input: the one test harness of nbc-cli's, nbc-bench's and the examples' option tests (in
 * nbc-cli's test-jar).
 */
public final class CommandRun {
    private CommandRun() {
    }

    /** What a run did: its exit code, what it printed (picocli's out and System.out), and its stderr. */
    public record Outcome(int exitCode, String out, String err) {
    }

    /** Runs {@code line} with {@code args}, capturing its output; programs print their tables to System.out. */
    public static Outcome run(CommandLine line, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            int code = line.execute(args);
            return new Outcome(code, out + printed.toString(StandardCharsets.UTF_8), err.toString());
        } finally {
            System.setOut(stdout);
        }
    }

    /**
     * A user error as nbc's programs report one: exit code 2, one line on stderr that starts with
     * {@code program} (or one of its subcommands, "scripts/nbc overlap: ") and contains {@code expected} (the option and the rule), no stack trace, no
     * usage text, and nothing on stdout (so nothing was measured or solved).
     */
    public static void assertUserError(Outcome o, String program, String expected) {
        assertEquals(2, o.exitCode(), o.err());
        assertEquals(1, o.err().lines().count(), "one line on stderr: " + o.err());
        assertTrue(o.err().startsWith(program + ": ") || o.err().startsWith(program + " "), o.err());
        assertTrue(o.err().contains(expected), "names the option and the rule (" + expected + "): " + o.err());
        assertFalse(o.err().contains("\tat ") || o.err().contains("Exception"), "no stack trace: " + o.err());
        assertFalse(o.err().contains("Usage:"), "no usage text: " + o.err());
        assertEquals("", o.out(), "nothing measured or solved, nothing printed");
    }
}
