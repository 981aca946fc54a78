package dev.nbc.bench.overhead;

import dev.nbc.bench.cli.Benchmark;
import dev.nbc.bench.cli.Profile;
import dev.nbc.bench.cli.SizeOptions;
import dev.nbc.bench.cpu.CpuMeter;
import dev.nbc.core.schedule.Collective;
import dev.nbc.bench.ops.EngineCounters;
import dev.nbc.bench.ops.JvmActivity;
import dev.nbc.bench.ops.VariantCall;
import dev.nbc.bench.ops.RuntimeActivity;
import dev.nbc.bench.ops.Sweep;
import dev.nbc.bench.ops.Variant;
import dev.nbc.harness.ranks.Control;
import dev.nbc.harness.ranks.RankEnv;
import dev.nbc.harness.ranks.Ranks;
import dev.nbc.bench.report.ProgressBar;
import dev.nbc.bench.spread.Figure;
import dev.nbc.bench.spread.Repeated;
import dev.nbc.bench.report.PlotWriter;
import dev.nbc.bench.report.Plots;
import dev.nbc.bench.report.Results;
import dev.nbc.bench.report.SummaryTable;
import dev.nbc.bench.ops.Sizes;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * CPU overhead of blocking collectives, after Listing 1 of Hoefler, Squyres, Rehm, Lumsdaine,
 * "A Case for Non-Blocking Collective Operations": for communicator sizes 1, 2, 4, ... P and
 * message sizes up to a maximum, many iterations of a collective, and the wall time set against the
 * CPU time used meanwhile: per process from /proc/self/stat (user, system; the paper's
 * getrusage), per thread from ThreadMXBean (the calling thread, and nbc's progress thread
 * separately). CPU share = CPU / wall; idle time per collective = (wall - CPU) / iterations.
 */
@Command(name = "overhead", mixinStandardHelpOptions = true,
        description = "CPU overhead of blocking collectives (paper 002, Listing 1): CPU share and idle time per "
                + "collective for groups 1, 2, 4 .. P and message sizes up to --max-bytes.")
public final class OverheadBenchmark extends Benchmark {
    private static final String CPU_VS_P = "overhead-cpu-vs-P";
    private static final String CPU_VS_SIZE = "overhead-cpu-vs-size";
    private static final String PROCESS_CPU_VS_SIZE = "overhead-proccpu-vs-size";
    private static final String IDLE_VS_P = "overhead-idle-vs-P";
    private static final String IDLE_VS_SIZE = "overhead-idle-vs-size";

    @Mixin
    SizeOptions sizes = new SizeOptions(1 << 20);

    @Option(names = "--seconds", paramLabel = "S", description = "Wall time per point (default 0.5; --quick 0.03).")
    Double seconds;

    @Option(names = "--max-iterations", paramLabel = "N", defaultValue = "10000", description = "At most N iterations per point (the paper's 10000).")
    int maxIterations;

    @Option(names = "--warmup-seconds", paramLabel = "S",
            description = "Seconds of a first, untimed sweep over every point, so that the JIT is done (default 2; --quick 1).")
    Double warmupSeconds;

    record Config(List<Integer> groups, List<Integer> sizes, List<Collective> collectives,
                  List<Variant> variants, double secondsPerPoint, int minIterations, int maxIterations,
                  double warmupSeconds, int runs) {
        /** One of {@code runs} independent repetitions: its share of the time and iterations. */
        Config perRun() {
            return new Config(groups, sizes, collectives, variants, secondsPerPoint / runs, Math.max(1, minIterations / runs),
                    maxIterations, warmupSeconds, 1);
        }
    }

    /** The figures with a median and interval over the runs. */
    static final List<Figure> FIGURES = List.of(Figure.relative(OverheadPoint.TIME_PER_OP_US, 0.25),
            Figure.absolute(OverheadPoint.CPU_SHARE, 0.1));

    @Override
    public void check(OptionChecks checks) {
        checks.positive("--seconds", seconds);
        checks.atLeast("--max-iterations", maxIterations, 1);
        checks.nonNegative("--warmup-seconds", warmupSeconds);
    }


    @Override
    protected void measure(Ranks ranks, Profile profile, Results results, boolean progress) {
        run(ranks, new Config(Sizes.groups(ranks.maxRanks()), sizes.sizes(profile), common.collectives(), common.variants(),
                profile.or(seconds, 0.03, 0.5), profile.or(null, 5, 20), maxIterations, profile.or(warmupSeconds, 1.0, 2.0), common.runs()),
                results, progress);
    }

    private static void run(Ranks ranks, Config config, Results results, boolean progress) {
        int points = new Sweep(config.variants(), config.collectives(), config.sizes()).points();
        ProgressBar bar = new ProgressBar(progress, points * config.groups().size());
        for (int p : config.groups()) {
            List<OverheadRow> rows = ranks.run(p, env -> measureGroup(env, config, bar, ranks.inProcess()));
            if (rows != null) {
                rows.forEach(r -> results.add("overhead", r));
            }
        }
        bar.finish();
    }

    private static List<OverheadRow> measureGroup(RankEnv env, Config config, ProgressBar bar, boolean inProcess) {
        List<OverheadRow> rows = new ArrayList<>();
        Sweep sweep = new Sweep(config.variants(), config.collectives(), config.sizes());
        sweep.warmUp(env, 100, config.warmupSeconds());
        // Then the whole measurement once, dropped (see TailBenchmark: the first variant measured
        // drew the stalls).
        sweep.run(env, (variant, op) -> point(env, op, config, inProcess));
        sweep.run(env, (variant, op) -> {
            // Each point first untimed until no rank's JIT compiles during it (TailBenchmark's
            // reason): each variant's session is new, and the compilations it set off landed on
            // the first points timed with it, on the rank's own core (P = 2, 8 B broadcast:
            // nbc-thread 1.2-3.0 us per op with 35-40 % of the wall time off the CPU, 0.6 us once
            // compiled).
            Sweep.warmUpUntilQuiet(env.control(), () -> point(env, op, config.perRun(), inProcess));
            Repeated.Merged<OverheadPoint> row = Repeated.mergedRow(config.runs(), FIGURES,
                    () -> point(env, op, config.perRun(), inProcess));
            if (env.rank() == 0) {
                rows.add(new OverheadRow(row.point(), row.spread()));
                bar.step("overhead P=" + env.size() + " " + variant.label() + " " + op.collective().label() + " " + op.bytes());
            }
        });
        return rows;
    }

    private static OverheadPoint point(RankEnv env, VariantCall op, Config config, boolean inProcess) {
        Control control = env.control();
        for (int i = 0; i < 5; i++) {
            op.blocking();
        }
        // calibration: rank 0's time for a few operations decides everybody's iteration count
        control.barrier();
        long t0 = System.nanoTime();
        int probe = 5;
        for (int i = 0; i < probe; i++) {
            op.blocking();
        }
        double perOp = (System.nanoTime() - t0) / (double) probe;
        double wanted = config.secondsPerPoint() * 1e9 / Math.max(1, perOp);
        int iterations = (int) control.bcast(Math.max(config.minIterations(), Math.min(config.maxIterations(), wanted)));
        // As in TailBenchmark: no collection of earlier garbage and no compilation set off before
        // may fall into the timed loop (the collector's and the JIT's threads share the ranks'
        // cores). The readings around the loop go once untimed first: the compilations they set
        // off (the management beans behind the progress thread's CPU time, which only nbc-thread
        // reads) ran in the background of the timed loop, 0.5-1 ms of every nbc-thread point's
        // jit_ms, and are done during the settle.
        CpuMeter meter = new CpuMeter(op::progressThreadCpuNanos);
        meter.start();
        meter.stop();
        EngineCounters.start(op);
        RuntimeActivity.start();
        RuntimeActivity.settle(control);
        EngineCounters counters = EngineCounters.start(op);
        RuntimeActivity activity = RuntimeActivity.start();
        meter.start();
        for (int i = 0; i < iterations; i++) {
            op.blocking();
        }
        CpuMeter.Interval in = meter.stop();
        JvmActivity runtime = activity.since(control);
        double[][] all = control.gather(new double[] {in.wall(), in.procUser(), in.procSystem(), in.jvmProcess(),
                in.threadCpu(), in.threadUser(), in.progressThread()});
        if (all == null) {
            return null;
        }
        int p = all.length;
        double maxWall = 0;
        double sumWall = 0;
        double procUser = 0;
        double procSys = 0;
        double jvm = 0;
        double thread = 0;
        double threadUser = 0;
        double progress = 0;
        double idle = 0;
        boolean hasProgress = false;
        for (double[] r : all) {
            double wall = r[0];
            maxWall = Math.max(maxWall, wall);
            sumWall += wall;
            procUser += r[1] / wall;
            procSys += r[2] / wall;
            jvm += r[3] / wall;
            thread += r[4] / wall;
            threadUser += r[5] / wall;
            if (r[6] >= 0) {
                hasProgress = true;
                progress += r[6] / wall;
            }
            idle += Math.max(0, wall - Math.max(0, r[4]) - Math.max(0, r[6])) / iterations;
        }
        // in-process all ranks share one process: its CPU is divided among them
        double procDiv = inProcess ? p * (double) p : p;
        return new OverheadPoint(op.key(p), iterations, maxWall / iterations / 1e3, sumWall / p / iterations / 1e3,
                (thread + progress) / p, thread / p, threadUser / p, hasProgress ? progress / p : null, procUser / procDiv,
                procSys / procDiv, (procUser + procSys) / procDiv, jvm / procDiv, idle / p / 1e3,
                Math.max(0, (sumWall / p) * (1 - (procUser + procSys) / procDiv)) / iterations / 1e3,
                dev.nbc.bench.cpu.ProcessCpu.clockTicks(), counters.counts(), runtime);
    }

    @Override
    public void summarize(List<Map<String, Object>> rows, StringBuilder summary) {
        SummaryTable.keyed("OVERHEAD (blocking; CPU share = (thread + progress thread CPU) / wall; idle = wall - CPU per op)")
                .text("%9s", "bytes").number("%10s", "t/op us", OverheadPoint.TIME_PER_OP_US).number("%7s", "cpu", OverheadPoint.CPU_SHARE)
                .number("%7s", "progr", OverheadPoint.PROGRESS_CPU_SHARE).number("%7s", "proc", OverheadPoint.PROC_CPU_SHARE)
                .number("%9s", "idle us", OverheadPoint.IDLE_US_PER_OP).appendTo(summary, rows);
    }

    @Override
    public List<String> plotNames() {
        return List.of(CPU_VS_P, CPU_VS_SIZE, PROCESS_CPU_VS_SIZE, IDLE_VS_P, IDLE_VS_SIZE);
    }

    @Override
    public void plot(List<Map<String, Object>> rows, PlotWriter plots) throws IOException {
        int maxP = rows.stream().mapToInt(r -> ((Number) r.get("P")).intValue()).max().orElse(1);
        int bigBytes = rows.stream().filter(r -> !"barrier".equals(r.get("collective")))
                .mapToInt(r -> ((Number) r.get("bytes")).intValue()).max().orElse(0);
        Predicate<Map<String, Object>> largest = r -> "barrier".equals(r.get("collective")) || Objects.equals(r.get("bytes"), bigBytes);
        Predicate<Map<String, Object>> widest = r -> Objects.equals(r.get("P"), maxP) && !"barrier".equals(r.get("collective"));
        Function<Map<String, Object>, String> series = r -> r.get("variant") + " " + r.get("collective");
        plots.save(Plots.chart(new Plots.Spec("CPU share of blocking collectives vs P (" + bigBytes + " B; barrier: 0 B)", "P",
                "CPU share (thread + progress thread)", false, false), rows, largest, series, "P", OverheadPoint.CPU_SHARE), CPU_VS_P);
        plots.save(Plots.chart(new Plots.Spec("CPU share vs message size (P=" + maxP + ")", "bytes",
                "CPU share (thread + progress thread)", true, false), rows, widest, series, "bytes", OverheadPoint.CPU_SHARE), CPU_VS_SIZE);
        plots.save(Plots.chart(new Plots.Spec("Process CPU share (/proc utime+stime) vs size (P=" + maxP + ")", "bytes",
                "CPU share (process)", true, false), rows, widest, series, "bytes", OverheadPoint.PROC_CPU_SHARE), PROCESS_CPU_VS_SIZE);
        plots.save(Plots.chart(new Plots.Spec("Absolute idle time per collective vs P (" + bigBytes + " B)", "P",
                "idle time per collective (us)", false, true), rows, largest, series, "P", OverheadPoint.IDLE_US_PER_OP), IDLE_VS_P);
        plots.save(Plots.chart(new Plots.Spec("Absolute idle time per collective vs size (P=" + maxP + ")", "bytes",
                "idle time per collective (us)", true, true), rows, widest, series, "bytes", OverheadPoint.IDLE_US_PER_OP), IDLE_VS_SIZE);
    }
}
