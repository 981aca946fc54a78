package dev.nbc.bench.cli;

import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.harness.cli.RankRuns;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Where a run's report goes and how long the run measures: --out, --name, --quick, the same in every subcommand. */
public final class OutputOptions implements Checked {
    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results", description = "Output directory (default ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--name", paramLabel = "NAME", description = "Base name of the output files (default: the subcommand).")
    String name;

    @Option(names = "--quick", negatable = true,
            description = "A short sweep (CI): fewer sizes, repetitions and seconds per point; --no-quick: the full one (the default).")
    boolean quick;

    /** The output directory. */
    public Path out() {
        return out;
    }

    /** The output directory as what a run writes into, named by --out (for {@link RankRuns} and {@code OptionChecks.writable}). */
    public RankRuns.Output destination() {
        return new RankRuns.Output("--out", out);
    }

    /** --name, else {@code command}'s name. */
    public String name(String command) {
        return name != null ? name : command;
    }

    /** --quick or not. */
    public Profile profile() {
        return quick ? Profile.QUICK : Profile.FULL;
    }

    @Override
    public void check(OptionChecks checks) {
        checks.fileName("--name", name);
    }
}
