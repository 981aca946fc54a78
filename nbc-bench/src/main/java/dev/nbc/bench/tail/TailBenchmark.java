package dev.nbc.bench.tail;

import dev.nbc.bench.cli.Benchmark;
import dev.nbc.bench.cli.CommonOptions;
import dev.nbc.bench.cli.Profile;
import dev.nbc.bench.cli.SizeOptions;
import dev.nbc.bench.latency.Stats;
import dev.nbc.bench.ops.Sizes;
import dev.nbc.bench.spread.Figure;
import dev.nbc.bench.spread.Repeated;
import dev.nbc.bench.report.PlotWriter;
import dev.nbc.bench.report.SummaryTable;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import dev.nbc.core.schedule.Collective;
import dev.nbc.bench.ops.EngineCounters;
import dev.nbc.bench.ops.JvmActivity;
import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.ops.RuntimeActivity;
import dev.nbc.bench.ops.VariantCall;
import dev.nbc.bench.ops.Sweep;
import dev.nbc.bench.ops.Variant;
import dev.nbc.harness.ranks.Control;
import dev.nbc.harness.ranks.RankEnv;
import dev.nbc.harness.ranks.Ranks;
import dev.nbc.bench.report.ProgressBar;
import dev.nbc.bench.report.Results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The latency distribution of back-to-back collectives, as an iterative solver meets them: start,
 * await, start the next at once, with nothing in between (no barrier, no computation). Every
 * iteration is timed on every rank, and a point reports each rank's p50, p90, p99, p99.9, mean and
 * maximum, the largest over ranks (the job is as slow as its slowest rank), for nbc with and
 * without its progress thread and for Open MPI's own iXxx + waitFor in the same run on the same
 * buffers. Users pay the mean: a rare multi-millisecond stall (a thread preempted at the wrong
 * moment) leaves the median alone and multiplies the mean.
 *
 * <p>Each rank's own distribution, not the distribution of each iteration's maximum over ranks:
 * iteration i of a collective that does not synchronize its ranks (a broadcast whose root runs
 * ahead of its leaf by what the sockets hold) happens at different times on different ranks, and
 * the maximum of unrelated iterations is no time anyone waited. Measured across two namespace hosts
 * at 1 Gbit/s, 64 KiB bcast over nbc's TCP: root and leaf each took 491 / 523 us per iteration on
 * average (Open MPI 528), while the mean of the per-iteration maximum read 997 us.
 */
@Command(name = "tail", mixinStandardHelpOptions = true,
        description = "Back-to-back collectives (start, await, start the next at once): p50, p90, p99, p99.9, mean and max "
                + "of each rank's iterations, the largest over ranks, nbc with and without progress thread and Open MPI's own, "
                + "for groups 1, 2, 4 .. P; ratios to Open MPI in the same run.")
public final class TailBenchmark extends Benchmark {
    @Option(names = "--bytes", split = ",", paramLabel = "B", defaultValue = "8",
            description = "Message sizes of bcast and allreduce (default ${DEFAULT-VALUE}; barrier has none).")
    List<Integer> bytes;

    @Option(names = "--iterations", paramLabel = "N", description = "Timed iterations per point (default 5000; --quick 2000).")
    Integer iterations;

    @Option(names = "--warmups", paramLabel = "N", defaultValue = "2000",
            description = "At least N untimed iterations before each point (default ${DEFAULT-VALUE}).")
    int warmups;

    @Option(names = "--warmup-seconds", paramLabel = "S",
            description = "Seconds of untimed iterations per point in a first, warm-up-only sweep over every variant, "
                    + "so that the JIT is done for all of them (default 1; --quick 0.3).")
    Double warmupSeconds;

    record Config(List<Integer> groups, List<Integer> sizes, List<Collective> collectives, List<Variant> variants,
                  int iterations, int warmups, double warmupSeconds, int runs) {
    }

    /** The figures with a median and interval over the runs (each run times all the iterations: the tail needs them). */
    static final List<Figure> FIGURES = List.of(Figure.relative(TailPoint.P50_US, 0.25), Figure.relative(TailPoint.MEAN_US, 0.25),
            Figure.relative(TailPoint.P99_US, 0.5));

    @Override
    public void check(OptionChecks checks) {
        checks.eachAtLeast("--bytes", bytes, 0);
        SizeOptions.checkFitsHeap(checks, "--bytes", bytes.stream().mapToLong(Integer::longValue).max().orElse(0),
                checks.options(CommonOptions.class).ranksPerProcess(checks.job()));
        checks.atLeast("--iterations", iterations, 1);
        checks.atLeast("--warmups", warmups, 0);
        checks.nonNegative("--warmup-seconds", warmupSeconds);
    }

    @Override
    protected void measure(Ranks ranks, Profile profile, Results results, boolean progress) {
        run(ranks, new Config(Sizes.groups(ranks.maxRanks()), bytes, common.collectives(), common.variants(),
                profile.or(iterations, 2000, 5000), warmups, profile.or(warmupSeconds, 0.3, 1.0), common.runs()), results, progress);
    }

    private static void run(Ranks ranks, Config config, Results results, boolean progress) {
        int points = new Sweep(config.variants(), config.collectives(), config.sizes()).points();
        ProgressBar bar = new ProgressBar(progress, points * config.groups().size());
        List<Repeated.Merged<TailPoint>> all = new ArrayList<>();
        for (int p : config.groups()) {
            List<Repeated.Merged<TailPoint>> rows = ranks.run(p, env -> measureGroup(env, config, bar));
            if (rows != null) {
                all.addAll(rows);
            }
        }
        for (TailRow row : withRatios(all)) {
            results.add("tail", row);
        }
        bar.finish();
    }

    private static List<Repeated.Merged<TailPoint>> measureGroup(RankEnv env, Config config, ProgressBar bar) {
        Sweep sweep = new Sweep(config.variants(), config.collectives(), config.sizes());
        sweep.warmUp(env, config.warmups(), config.warmupSeconds());
        // Then the whole measurement once, dropped: whichever variant was measured first after a
        // collectives-only warm-up drew multi-millisecond stalls (nbc-manual first: its P = 4
        // barrier mean 11x Open MPI's and nbc-thread's 2.8x; nbc-thread first: the other way round).
        Config once = new Config(config.groups(), config.sizes(), config.collectives(), config.variants(),
                Math.max(1, config.iterations() / 5), config.warmups(), 0, 1);
        sweep.run(env, (variant, op) -> point(env.control(), op, once));
        List<Repeated.Merged<TailPoint>> rows = new ArrayList<>();
        sweep.run(env, (variant, op) -> {
            // As many as the timed loop will run: the JIT compiles a loop by its iteration count.
            int warmUps = Math.max(config.warmups(), config.iterations());
            Sweep.warmUpUntilQuiet(env.control(), () -> backToBack(op, warmUps));
            Repeated.Merged<TailPoint> row = Repeated.mergedRow(config.runs(), FIGURES, () -> point(env.control(), op, config));
            if (row != null) {
                rows.add(row);
                bar.step("tail P=" + env.size() + " " + variant.label() + " " + op.collective().label() + " " + op.bytes());
            }
        });
        return env.rank() == 0 ? rows : null;
    }

    /** The timed loop: {@code iterations} collectives back to back, each one's start to completion (ns). */
    private static double[] backToBack(VariantCall op, int iterations) {
        double[] times = new double[iterations];
        for (int i = 0; i < times.length; i++) {
            long t0 = System.nanoTime();
            op.start().await();
            times[i] = System.nanoTime() - t0;
        }
        return times;
    }

    private static TailPoint point(Control control, VariantCall op, Config config) {
        // No collection of the warm-up's garbage and no compilation set off by the previous
        // point may fall into the timed loop: the collector's and the JIT's threads share the
        // ranks' cores.
        RuntimeActivity.settle(control);
        EngineCounters counters = EngineCounters.start(op);
        RuntimeActivity activity = RuntimeActivity.start();
        double[] times = backToBack(op, config.iterations());
        JvmActivity jvm = activity.since(control);
        double[][] perRank = control.gather(times);
        if (perRank == null) {
            return null;
        }
        double[] slowest = slowestRank(perRank);
        return new TailPoint(op.key(perRank.length), times.length, config.warmups(), config.warmupSeconds(),
                slowest[0], slowest[1], slowest[2], slowest[3], slowest[4], slowest[5], counters.counts(), jvm);
    }

    /** Each rank's p50, p90, p99, p99.9, mean and maximum of its iteration times (ns), the largest over ranks, in us. */
    static double[] slowestRank(double[][] perRank) {
        double[] slowest = new double[6];
        for (double[] rank : perRank) {
            double[] figures = {Stats.quantile(rank, 0.5), Stats.quantile(rank, 0.9), Stats.quantile(rank, 0.99),
                    Stats.quantile(rank, 0.999), Stats.mean(rank), Stats.max(rank)};
            for (int i = 0; i < slowest.length; i++) {
                slowest[i] = Math.max(slowest[i], figures[i] / 1e3);
            }
        }
        return slowest;
    }

    /** The rows, each with its mean and p99 as multiples of Open MPI's in the same run (same P, collective, size). */
    private static List<TailRow> withRatios(List<Repeated.Merged<TailPoint>> points) {
        List<TailRow> rows = new ArrayList<>();
        for (Repeated.Merged<TailPoint> merged : points) {
            PointKey key = merged.point().key();
            TailPoint ompi = points.stream().map(Repeated.Merged::point)
                    .filter(o -> Variant.OMPI.label().equals(o.key().variant()) && o.key().processes() == key.processes()
                            && o.key().collective().equals(key.collective()) && o.key().bytes() == key.bytes())
                    .findFirst().orElse(null);
            rows.add(new TailRow(merged.point(), merged.spread(), ompi == null ? null : merged.point().mean() / ompi.mean(),
                    ompi == null ? null : merged.point().p99() / ompi.p99()));
        }
        return rows;
    }

    @Override
    public void summarize(List<Map<String, Object>> rows, StringBuilder summary) {
        SummaryTable.keyed("BACK-TO-BACK TAIL (us, each rank's iterations, slowest rank; x ompi = multiple of Open MPI's in this run)")
                .text("%7s", "bytes").number("%8s", "p50", TailPoint.P50_US).number("%8s", "p90", TailPoint.P90_US)
                .number("%9s", "p99", TailPoint.P99_US).number("%9s", "p99.9", TailPoint.P999_US).number("%9s", "mean", TailPoint.MEAN_US)
                .number("%9s", "max", TailPoint.MAX_US).number("%8s", "mean x", TailRow.MEAN_VS_OMPI)
                .number("%8s", "p99 x", TailRow.P99_VS_OMPI)
                .appendTo(summary, rows);
    }

    /** No plots: the table is the figure. */
    @Override
    public List<String> plotNames() {
        return List.of();
    }

    @Override
    public void plot(List<Map<String, Object>> rows, PlotWriter plots) {
    }
}
