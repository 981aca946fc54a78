package dev.nbc.bench;

import dev.nbc.bench.advise.AdviseCommand;
import dev.nbc.bench.cli.All;
import dev.nbc.bench.cli.Benchmark;
import dev.nbc.bench.cli.Compare;
import dev.nbc.bench.clock.SyncBenchmark;
import dev.nbc.bench.latency.WindowLatencyBenchmark;
import dev.nbc.bench.overhead.OverheadBenchmark;
import dev.nbc.bench.overlap.OverlapBenchmark;
import dev.nbc.bench.tail.TailBenchmark;
import dev.nbc.bench.cli.ModelCommands;
import dev.nbc.bench.model.PlantedSet;
import dev.nbc.core.schedule.Collective;
import dev.nbc.bench.ops.Variant;
import dev.nbc.harness.call.CollectiveCall;
import dev.nbc.harness.cli.Cli;
import dev.nbc.harness.cli.JobEnvironment;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.List;

/**
 * nbc's benchmark tool. Subcommands: overhead, overlap, latency, sync, tail, all, advise, model (measure, predict, validate). Its
 * name on the command line is {@code scripts/nbc}, the script that runs it: in one JVM with in-process ranks
 * ({@code scripts/nbc overlap --ranks 4 --latency-us 20}, or {@code java -jar nbc-bench/target/nbc-bench.jar overlap ...}),
 * on MPI ranks with {@code scripts/nbc -np 4 all --quick --out results/} (scripts/nbcrun).
 * Rank 0 writes CSV, JSON, PNG/SVG plots and a text summary (docs/bench.md).
 */
@Command(name = "scripts/nbc", mixinStandardHelpOptions = true, version = "nbc 0.1.0",
        description = "Benchmarks of nbc's non-blocking collectives: CPU overhead, overlap, window-based latency, back-to-back tails, clock sync.",
        subcommands = {
                // the benchmarks (Benchmark): all runs them, and the report shows them, in this order
                OverheadBenchmark.class, OverlapBenchmark.class, WindowLatencyBenchmark.class, TailBenchmark.class, SyncBenchmark.class,
                All.class, Compare.class, AdviseCommand.class, ModelCommands.class, dev.nbc.bench.jitter.JitterCommands.class, dev.nbc.bench.lmo.LmoCommands.class,
                dev.nbc.bench.netgauge.NetgaugeCommand.class,
                CommandLine.HelpCommand.class})
public final class NbcBench implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine(JobEnvironment.current()).execute(args));
    }

    /** The command line with nbc's rules ({@link Cli}) and the converters of the benchmark's own types. */
    public static CommandLine commandLine(JobEnvironment job) {
        CommandLine line = Cli.commandLine(new NbcBench(), job);
        line.registerConverter(Collective.class, Cli.converter(CollectiveCall::parse));
        line.registerConverter(Variant.class, Cli.converter(Variant::parse));
        line.registerConverter(PlantedSet.class, Cli.converter(PlantedSet::named));
        dev.nbc.bench.netgauge.NetgaugeCommand.install(line);
        return line;
    }

    /** The registered benchmarks, in their order: the sections of every report. */
    public static List<Benchmark> benchmarks() {
        return Benchmark.registered(commandLine(JobEnvironment.current()).getCommandSpec());
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
