package dev.nbc.harness.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The rules of option values. Each failure is a picocli {@link ParameterException}, reported as
 * picocli's own parse errors are (one line, exit code 2, see {@link Cli}), with a message that names
 * the option and the rule: {@code --ranks: must be at least 1, but was 0}. A null value (an option
 * not given, whose default depends on others) passes every rule.
 */
public final class OptionChecks {
    /**
     * Ranks per core beyond which a run only makes the machine spin; scripts/nbcrun refuses the
     * same for MPI ranks (NBC_RANKS_PER_CORE_LIMIT there).
     */
    public static final int RANKS_PER_CORE_LIMIT = 64;

    private final CommandLine commandLine;
    private final JobEnvironment job;
    private final List<Object> options;

    OptionChecks(CommandLine commandLine, JobEnvironment job, List<Object> options) {
        this.commandLine = commandLine;
        this.job = job;
        this.options = List.copyOf(options);
    }

    /** The job this process belongs to (the rank and size mpirun gave it). */
    public JobEnvironment job() {
        return job;
    }

    /** The command's options object (the command or a mixin) of {@code type}, for rules across them. */
    public <T> T options(Class<T> type) {
        return options.stream().filter(type::isInstance).map(type::cast).findFirst()
                .orElseThrow(() -> new IllegalStateException(commandLine.getCommandName() + " has no " + type.getSimpleName()));
    }

    /** Fails with {@code "<option>: must be <rule>, but was <value>"} unless {@code holds}. */
    public void require(boolean holds, String option, String rule, Object value) {
        if (!holds) {
            fail(option + ": must be " + rule + ", but was " + value);
        }
    }

    /** Fails with {@code message}, which names the option(s) and the rule. */
    public void fail(String message) {
        throw new ParameterException(commandLine, message);
    }

    /**
     * Runs a check that a library makes itself (a constructor, a parse method), its
     * IllegalArgumentException becoming this option's error: {@code "<option>: <its message>"}.
     */
    public void libraryCheck(String option, Runnable check) {
        try {
            check.run();
        } catch (IllegalArgumentException e) {
            fail(option + ": " + e.getMessage());
        }
    }

    public void atLeast(String option, Number value, long min) {
        if (value != null) {
            require(value.longValue() >= min, option, "at least " + min, value);
        }
    }

    public void eachAtLeast(String option, Collection<? extends Number> values, long min) {
        if (values != null) {
            values.forEach(v -> atLeast(option, v, min));
        }
    }

    public void eachAtLeast(String option, int[] values, long min) {
        if (values != null) {
            for (int v : values) {
                atLeast(option, v, min);
            }
        }
    }

    /** A finite number above zero. */
    public void positive(String option, Double value) {
        if (value != null) {
            require(Double.isFinite(value) && value > 0, option, "a finite number above 0", value);
        }
    }

    /** A finite number, zero or above. */
    public void nonNegative(String option, Double value) {
        if (value != null) {
            require(Double.isFinite(value) && value >= 0, option, "a finite number of at least 0", value);
        }
    }

    /** A finite number of magnitude below {@code bound}. */
    public void finiteBelow(String option, Double value, double bound) {
        if (value != null) {
            require(Double.isFinite(value) && Math.abs(value) < bound, option,
                    String.format(Locale.ROOT, "a finite number between -%s and %s (exclusive)", plain(bound), plain(bound)), value);
        }
    }

    /**
     * A number of ranks as threads of this JVM: at least 1, at most {@link #RANKS_PER_CORE_LIMIT}
     * per core, since beyond that the threads only take turns.
     */
    public void rankCount(String option, Number ranks) {
        if (ranks != null) {
            int cores = Runtime.getRuntime().availableProcessors();
            long limit = (long) RANKS_PER_CORE_LIMIT * cores;
            require(ranks.longValue() >= 1 && ranks.longValue() <= limit, option, "between 1 and " + limit + " ("
                    + RANKS_PER_CORE_LIMIT + " per core, " + cores + " cores)", ranks);
        }
    }

    /**
     * That {@code bytes} fit in this JVM's heap ({@link HeapBudget}); {@code what} says how they
     * come about, e.g. {@code "4 buffers x 4 ranks x 2147483647 B"}.
     */
    public void fitsHeap(String option, Object value, double bytes, String what) {
        long heap = HeapBudget.limit();
        if (bytes > heap) {
            fail(option + " " + value + ": needs " + HeapBudget.format(bytes) + " (" + what + "), more than the "
                    + HeapBudget.format(heap) + " this JVM may use (raise it with -Xmx, e.g. scripts/nbcrun -J-Xmx8g)");
        }
    }

    /** "1 rank in this JVM", "4 ranks in this JVM": for the {@link #fitsHeap} explanations. */
    public static String ranksInThisJvm(int ranks) {
        return ranks + (ranks == 1 ? " rank" : " ranks") + " in this JVM";
    }

    /** That the run can write into {@code output}'s directory (see {@link RankRuns.Output#unwritable}). */
    public void writable(RankRuns.Output output) {
        String problem = output.unwritable();
        if (problem != null) {
            fail(problem);
        }
    }

    /** A base name of files: not empty, no directory part, not hidden. */
    public void fileName(String option, String name) {
        if (name != null) {
            require(!name.isBlank() && !name.contains("/") && !name.contains("\\") && !name.startsWith("."), option,
                    "a plain file name (no '/', not starting with '.')", "'" + name + "'");
        }
    }

    private static String plain(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : Double.toString(v);
    }
}
