package dev.nbc.bench.cli;

import dev.nbc.bench.report.ReportSection;
import dev.nbc.bench.report.Results;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.harness.ranks.Ranks;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * The contract of a benchmark: a subcommand of NbcBench whose fields are its own options, which
 * measures on the ranks ({@link #measure}) and owns its columns, its table in the summary and its
 * plots ({@link ReportSection}). Everything else is shared: the options of every run
 * ({@link CommonOptions}: transport, ranks, emulated network, output, --quick, collectives,
 * variants), running on the ranks and writing the report ({@link CommonOptions#measure}), and
 * {@code all}, which runs every registered benchmark with its defaults. A new benchmark is one
 * subclass, registered in {@code NbcBench}'s list of subcommands.
 */
public abstract class Benchmark implements Callable<Integer>, Checked, ReportSection {
    @Mixin
    protected CommonOptions common;

    @Spec
    CommandSpec spec;

    /** The subcommand's name: "overhead". */
    @Override
    public String name() {
        return getClass().getAnnotation(Command.class).name();
    }

    /**
     * Measures on {@code ranks} with the options given and, for those not given, {@code profile}'s
     * defaults; collective over the ranks; the leader's rows go into {@code results}.
     */
    protected abstract void measure(Ranks ranks, Profile profile, Results results, boolean progressBar) throws Exception;

    /**
     * Takes the options that {@code all} shares: its common options, and its sweep and clock
     * options where this benchmark has those mixins (keeping its own default largest size).
     */
    final void adopt(All all) {
        common = all.common;
        for (CommandSpec mixin : spec.mixins().values()) {
            if (mixin.userObject() instanceof SizeOptions sizes) {
                sizes.adopt(all.sizes());
            } else if (mixin.userObject() instanceof ClockOptions clock) {
                clock.adopt(all.clock());
            }
        }
    }

    @Override
    public void check(OptionChecks checks) {
    }

    @Override
    public Integer call() throws Exception {
        return common.measure(name(), registered(spec), (ranks, results) ->
                measure(ranks, common.profile(), results, common.progress(ranks)));
    }

    /** The benchmarks registered as subcommands of {@code command}'s root, in their order. */
    public static List<Benchmark> registered(CommandSpec command) {
        return registeredCommands(command).map(line -> (Benchmark) line.getCommandSpec().userObject()).toList();
    }

    /**
     * The registered benchmarks with every option at its default, for {@code all}: picocli sets the
     * defaults of a subcommand only when it parses it, so each is parsed with no arguments.
     */
    static List<Benchmark> withDefaults(CommandSpec command) {
        return registeredCommands(command).map(line -> {
            line.parseArgs();
            return (Benchmark) line.getCommandSpec().userObject();
        }).toList();
    }

    private static Stream<CommandLine> registeredCommands(CommandSpec command) {
        return command.root().subcommands().values().stream().filter(line -> line.getCommandSpec().userObject() instanceof Benchmark);
    }
}
