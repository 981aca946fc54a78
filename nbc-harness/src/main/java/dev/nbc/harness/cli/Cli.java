package dev.nbc.harness.cli;

import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * How nbc's command-line programs run their picocli command line:
 * <ul>
 * <li>after parsing, every {@link Checked} options object is checked before the command runs, so
 *     a bad value fails before any work, and before MPI starts;</li>
 * <li>a user error (a parse error or a failed check) is one line on stderr that names the option
 *     and the rule, and a pointer to --help, with exit code {@link #EXIT_USAGE}; under mpirun every
 *     rank parses the same arguments and exits alike, but only rank 0 says so;</li>
 * <li>result files that cannot be written ({@link ResultFiles.NotWritten}: a full disk, a
 *     directory that became unwritable) are one line too, naming the path and the cause, exit code
 *     {@link #EXIT_USAGE}; the command has printed its results before writing them;</li>
 * <li>other failures keep picocli's handling (stack trace, exit code 1): they are bugs or broken
 *     machines, and the trace is what finds them. Over MPI, {@link RankRuns} ends the whole job.</li>
 * </ul>
 */
public final class Cli {
    /** Exit code of a user error: a bad option value, an unwritable output or a full disk (picocli's own USAGE code). */
    public static final int EXIT_USAGE = CommandLine.ExitCode.USAGE;

    private Cli() {
    }

    /** The command line of {@code command} for this process's job. */
    public static CommandLine commandLine(Object command) {
        return commandLine(command, JobEnvironment.current());
    }

    /** The command line of {@code command} for a process of {@code job} (tests pass their own). */
    public static CommandLine commandLine(Object command, JobEnvironment job) {
        CommandLine line = new CommandLine(command);
        line.setCaseInsensitiveEnumValuesAllowed(true);
        line.registerConverter(TransportKind.class, converter(TransportKind::parse));
        line.setParameterExceptionHandler((error, args) -> {
            if (job.leader()) {
                error.getCommandLine().getErr().println(oneLine(error));
            }
            return EXIT_USAGE;
        });
        line.setExecutionExceptionHandler((failure, failed, parsed) -> {
            ResultFiles.NotWritten notWritten = notWritten(failure);
            if (notWritten == null) {
                throw failure;
            }
            if (job.leader()) {
                failed.getErr().println(failed.getCommandSpec().qualifiedName() + ": " + notWritten.getMessage());
            }
            return EXIT_USAGE;
        });
        line.setExecutionStrategy(parsed -> {
            Integer help = CommandLine.executeHelpRequest(parsed);
            if (help != null) {
                return help;
            }
            for (CommandLine parsedCommand : parsed.asCommandLineList()) {
                check(parsedCommand, job);
            }
            return new CommandLine.RunLast().execute(parsed);
        });
        return line;
    }

    /**
     * A converter from a type's own {@code parse} method: its IllegalArgumentException becomes
     * picocli's conversion error, whose message names the option
     * ({@code Invalid value for option '--variants' (V): unknown variant 'x' (nbc-thread, ...)}).
     */
    public static <T> ITypeConverter<T> converter(Function<String, T> parse) {
        return text -> {
            try {
                return parse.apply(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        };
    }

    /** {@code "scripts/nbc overlap: <message> (see scripts/nbc overlap --help)"}, on one line. */
    static String oneLine(ParameterException error) {
        String program = error.getCommandLine().getCommandSpec().qualifiedName();
        StringBuilder line = new StringBuilder(program).append(": ").append(error.getMessage().strip());
        if (error instanceof UnmatchedArgumentException unmatched && !unmatched.getSuggestions().isEmpty()) {
            line.append("; did you mean ").append(String.join(" or ", unmatched.getSuggestions())).append('?');
        }
        line.append(" (see ").append(program).append(" --help)");
        return line.toString().replaceAll("\\s*\\R\\s*", "; ");
    }

    /** The result files that could not be written, when {@code failure} is (or was caused by) that. */
    private static ResultFiles.NotWritten notWritten(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ResultFiles.NotWritten notWritten) {
                return notWritten;
            }
        }
        return null;
    }

    /** Runs the checks of one command of the command line: its mixins' (depth first), then its own. */
    private static void check(CommandLine command, JobEnvironment job) {
        List<Object> options = new ArrayList<>();
        collect(command.getCommandSpec(), options);
        OptionChecks checks = new OptionChecks(command, job, options);
        for (Object o : options) {
            if (o instanceof Checked checked) {
                checked.check(checks);
            }
        }
    }

    private static void collect(CommandSpec spec, List<Object> into) {
        spec.mixins().values().forEach(mixin -> collect(mixin, into));
        into.add(spec.userObject());
    }
}
