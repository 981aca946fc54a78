package dev.nbc.bench.latency;

import dev.nbc.bench.cli.Benchmark;
import dev.nbc.bench.cli.ClockOptions;
import dev.nbc.bench.cli.Profile;
import dev.nbc.bench.cli.SizeOptions;
import dev.nbc.bench.clock.GlobalClock;
import dev.nbc.bench.spread.Figure;
import dev.nbc.bench.spread.Repeated;
import dev.nbc.bench.report.PlotWriter;
import dev.nbc.bench.report.Plots;
import dev.nbc.bench.report.SummaryTable;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import java.io.IOException;
import dev.nbc.bench.clock.GroupSync;
import dev.nbc.bench.clock.ClockSetup;
import dev.nbc.core.schedule.Collective;
import dev.nbc.bench.ops.PointKey;
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
import java.util.concurrent.locks.LockSupport;

/**
 * Collective latency by the window scheme of Hoefler, Schneider and Lumsdaine ("Accurately
 * Measuring Collective Operations at Massive Scale"): clocks synchronised (tree, min-RTT pairs,
 * linear drift model); rank 0 fixes a global start time and a window; repetition i starts on every
 * rank at start + i * window (global time). A repetition is not counted when any rank arrived
 * later than a tolerance after its window opened, or finished after its window closed. Per-rank
 * (start, end) pairs are reduced the paper's five ways ({@link Reduction}), then median and
 * quantiles over the counted repetitions. Two naive schemes run beside it for contrast: a barrier
 * before each operation (rank-local time, maximum over ranks) and a pipelined loop of N operations
 * divided by N (rank 0's time, as MPBench).
 */
@Command(name = "latency", mixinStandardHelpOptions = true,
        description = "Window-based collective latency (paper 000): synchronised clocks, common start windows, "
                + "late or overrun repetitions discarded, the five reductions, median and quantiles; naive schemes beside.")
public final class WindowLatencyBenchmark extends Benchmark {
    /** Fewer valid windows than this share of a run's makes the window twice as wide and the run measured again ... */
    static final double MIN_VALID_FRACTION = 0.9;
    /** ... at most this many times in all. */
    static final int MAX_ATTEMPTS = 4;
    /** How much wider each new attempt's windows are: from 100 us, 6.4 ms at the fourth, past the scheduler's 4 ms tick. */
    static final double WIDENING = 4;
    /**
     * Widening stops here: a window this wide holds a collective through a scheduler tick, and one
     * wider costs seconds per point without getting more valid (4 ranks on 2 cores: starts are
     * late because two ranks are off the cores, whatever the window).
     */
    static final double MAX_WIDENED_NANOS = 10e6;

    @Mixin
    SizeOptions sizes = new SizeOptions(1 << 20);
    @Mixin
    ClockOptions clock;

    @Option(names = "--repetitions", paramLabel = "N", description = "Windows per point, over all runs (default 120; --quick 60).")
    Integer repetitions;

    @Option(names = "--window-factor", paramLabel = "F", defaultValue = "3",
            description = "Window = F x the barrier-then-op median (max over ranks), at least --min-window-us (default ${DEFAULT-VALUE}).")
    double windowFactor;

    @Option(names = "--min-window-us", paramLabel = "US", defaultValue = "100", description = "Smallest window (default ${DEFAULT-VALUE}).")
    double minWindowUs;

    @Option(names = "--late-us", paramLabel = "US", defaultValue = "20",
            description = "A rank starting more than US after its window opened makes the repetition late (default ${DEFAULT-VALUE}).")
    double lateUs;

    /**
     * How the windows are sized and judged.
     *
     * @param factor             a window is this many times the barrier-then-op 90th percentile (max over ranks) ...
     * @param minNanos           ... and at least this wide
     * @param lateToleranceNanos a rank starting more than this after its window opened makes the window late
     */
    record Windows(double factor, long minNanos, long lateToleranceNanos) {
    }

    record Config(List<Integer> sizes, List<Collective> collectives, List<Variant> variants, int repetitions, Windows windows,
                  ClockSetup clock, int group, int runs) {
        /** One of {@code runs} independent repetitions: its share of the windows, at least 5. */
        Config perRun() {
            return new Config(sizes, collectives, variants, Math.max(5, repetitions / runs), windows, clock, group, 1);
        }
    }

    /** The figures with a median and interval over the runs; valid windows and repetitions add up. */
    static final List<Figure> FIGURES = List.of(Figure.relative(LatencyPoint.MEDIAN_US, 0.25));
    /** The counts that add up over the runs. */
    private static final List<String> SUMMED = List.of(LatencyPoint.VALID, LatencyPoint.REPETITIONS, LatencyPoint.LATE,
            LatencyPoint.OVERRUN);

    @Override
    public void check(OptionChecks checks) {
        checks.atLeast("--repetitions", repetitions, 1);
        checks.positive("--window-factor", windowFactor);
        checks.positive("--min-window-us", minWindowUs);
        checks.nonNegative("--late-us", lateUs);
    }


    @Override
    protected void measure(Ranks ranks, Profile profile, Results results, boolean progress) {
        Windows windows = new Windows(windowFactor, Math.round(minWindowUs * 1e3), Math.round(lateUs * 1e3));
        run(ranks, new Config(sizes.sizes(profile), common.collectives(), common.variants(), profile.or(repetitions, 60, 120),
                windows, clock.setup(profile), ranks.maxRanks(), common.runs()), results, progress);
    }

    private static void run(Ranks ranks, Config config, Results results, boolean progress) {
        ProgressBar bar = new ProgressBar(progress, new Sweep(config.variants(), config.collectives(), config.sizes()).points());
        List<LatencyRow> rows = ranks.run(config.group(), env -> measure(env, config, bar));
        if (rows != null) {
            rows.forEach(r -> results.add("latency", r));
        }
        bar.finish();
    }

    private static List<LatencyRow> measure(RankEnv env, Config config, ProgressBar bar) {
        Control control = env.control();
        ClockSetup setup = config.clock();
        GlobalClock clock = GlobalClock.synchronize(control, setup.local(env.rank()), GroupSync.Scheme.TREE, setup.patience(),
                setup.driftGapMillis());
        double clockErrorMicros = clockErrorMicros(control, clock);
        List<LatencyRow> rows = new ArrayList<>();
        new Sweep(config.variants(), config.collectives(), config.sizes()).run(env, (variant, op) -> {
            List<Repeated.Merged<LatencyPoint>> point = Repeated.mergedRows(config.runs(), FIGURES, SUMMED,
                    () -> point(env, op, clock, config.perRun()));
            if (env.rank() == 0) {
                for (Repeated.Merged<LatencyPoint> merged : point) {
                    rows.add(row(merged, clockErrorMicros));
                }
                bar.step("latency " + variant.label() + " " + op.collective().label() + " " + op.bytes());
            }
        });
        return env.rank() == 0 ? rows : null;
    }

    /**
     * How far a rank's synchronised clock may be from another's, in µs: half the smallest round
     * trip of the exchanges (the offset is exact only if the two directions took equal time) per
     * step of the tree, for the worst rank. Collective over the group.
     */
    static double clockErrorMicros(Control control, GlobalClock clock) {
        long rtt = clock.first().minRtt();
        double worst = control.max(rtt == Long.MAX_VALUE ? 0 : rtt);
        return worst / 2 * GroupSync.treeSteps(control.size()) / 1e3;
    }

    /**
     * A window row's tolerance covers the clock error of its run of the benchmark: the ranks start
     * at their synchronised window's opening, so a rank whose clock is early by e waits e for the
     * others inside its timed collective, and each run of the benchmark synchronises anew. Two runs
     * whose errors differ by up to twice the bound may thus differ by that much without anything
     * having changed (consecutive main jobs: the window medians of every variant, Open MPI's
     * included, 1 µs apart), so {@code compare} does not report a smaller difference.
     * The within-run intervals, which share one synchronisation, keep their own tolerance.
     */
    static LatencyRow row(Repeated.Merged<LatencyPoint> merged, double clockErrorMicros) {
        if (!LatencyPoint.WINDOW.equals(merged.point().scheme())) {
            return new LatencyRow(merged.point(), merged.spread(), null);
        }
        return new LatencyRow(merged.point(), merged.spread().withToleranceAtLeast(LatencyPoint.MEDIAN_US, 2 * clockErrorMicros),
                new LatencyRow.ClockError(clockErrorMicros));
    }

    private static List<LatencyPoint> point(RankEnv env, VariantCall op, GlobalClock clock, Config config) {
        Control control = env.control();
        int reps = op.bytes() >= (1 << 20) ? Math.max(10, config.repetitions() / 4) : config.repetitions();
        for (int i = 0; i < 10; i++) {
            op.blocking();
        }
        // naive 1: barrier, then one operation; rank-local time
        double[] naive = new double[reps];
        for (int i = 0; i < reps; i++) {
            control.barrier();
            long t0 = System.nanoTime();
            op.blocking();
            naive[i] = System.nanoTime() - t0;
        }
        double naiveBarrier = control.max(Stats.median(naive));
        // naive 2: pipelined loop / N after one barrier (rank 0's figure)
        control.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            op.blocking();
        }
        double pipelined = control.bcast((System.nanoTime() - t0) / (double) reps);

        // The pre-measurement's slowest rank at its 90th percentile, not its median: a window sized to
        // the median was overrun by every tenth collective, and each overrun made the next starts late.
        Windows windows = config.windows();
        double window = Math.max(windows.minNanos(), windows.factor() * control.max(Stats.quantile(naive, 0.9)));
        WindowRun run = null;
        int attempts = 0;
        while (attempts < MAX_ATTEMPTS) {
            attempts++;
            run = windows(env, op, clock, reps, window, windows.lateToleranceNanos());
            double valid = control.bcast(run != null ? run.valid : 0);
            if (valid >= MIN_VALID_FRACTION * reps || attempts == MAX_ATTEMPTS) {
                break;
            }
            // Too few valid windows: measure again in windows four times as wide. A collective that
            // overran its window delays the next start, so a too narrow window shows as a run of
            // late starts (0 of 60 valid, starts milliseconds late), not only as overruns.
            window = Math.max(window, Math.min(window * WIDENING, MAX_WIDENED_NANOS));
        }
        if (env.rank() != 0) {
            return List.of();
        }
        PointKey key = op.key(env.size());
        LatencyPoint.Windows counted = new LatencyPoint.Windows(attempts, run.worstStart / 1e3, window / 1e3, run.valid, run.late,
                run.overrun);
        List<LatencyPoint> rows = new ArrayList<>();
        for (Reduction reduction : Reduction.values()) {
            double[] values = new double[run.valid];
            int k = 0;
            for (int i = 0; i < reps; i++) {
                if (run.counted[i]) {
                    values[k++] = reduction.reduce(run.start[i], run.end[i]);
                }
            }
            rows.add(new LatencyPoint(key, reps, LatencyPoint.WINDOW, reduction.label(), counted, Stats.median(values) / 1e3,
                    quantiles(values)));
        }
        rows.add(new LatencyPoint(key, reps, "barrier-then-op", "max", null, naiveBarrier / 1e3, null));
        rows.add(new LatencyPoint(key, reps, "pipelined-loop/N", "rank0", null, pipelined / 1e3, null));
        return rows;
    }

    static LatencyPoint.Quantiles quantiles(double[] values) {
        return new LatencyPoint.Quantiles(Stats.quantile(values, 0.10) / 1e3, Stats.quantile(values, 0.25) / 1e3,
                Stats.quantile(values, 0.75) / 1e3, Stats.quantile(values, 0.90) / 1e3, Stats.min(values) / 1e3,
                Stats.max(values) / 1e3);
    }

    /** Rank 0's view of one windowed series: per repetition and rank, start and end (global ns). */
    static final class WindowRun {
        double[][] start;
        double[][] end;
        boolean[] counted;
        int valid;
        int late;
        int overrun;
        /** The latest start after its window opened, over every window and rank (ns). */
        double worstStart;
    }

    private static WindowRun windows(RankEnv env, VariantCall op, GlobalClock clock, int reps, double window,
                                     long lateTolerance) {
        Control control = env.control();
        double lead = Math.max(2e6, 3 * window);
        // One window before the counted ones, not counted: the first start after the lead's long
        // wait was late in about one run of five (the waiting thread's wake-up), whatever the window.
        double warmUp = control.bcast(env.rank() == 0 ? clock.now() + lead : 0);
        // more ranks than cores (all of a group are on this machine): a polling rank yields, so that
        // the others get a core before their windows open
        boolean crowded = env.size() > CORES;
        waitUntil(clock, warmUp, crowded);
        op.blocking();
        double first = warmUp + window;
        double[] start = new double[reps];
        double[] end = new double[reps];
        double[] flags = new double[reps];
        for (int i = 0; i < reps; i++) {
            double open = first + i * window;
            waitUntil(clock, open, crowded);
            double s = clock.now();
            op.blocking();
            double e = clock.now();
            start[i] = s;
            end[i] = e;
            flags[i] = (s > open + lateTolerance ? 1 : 0) + (e > open + window ? 2 : 0);
        }
        double[][] starts = control.gather(start);
        double[][] ends = control.gather(end);
        double[][] allFlags = control.gather(flags);
        if (starts == null) {
            return null;
        }
        int p = starts.length;
        WindowRun run = new WindowRun();
        run.start = new double[reps][p];
        run.end = new double[reps][p];
        run.counted = new boolean[reps];
        for (int i = 0; i < reps; i++) {
            boolean late = false;
            boolean over = false;
            for (int r = 0; r < p; r++) {
                run.worstStart = Math.max(run.worstStart, starts[r][i] - (first + i * window));
                run.start[i][r] = starts[r][i];
                run.end[i][r] = ends[r][i];
                late |= (((int) allFlags[r][i]) & 1) != 0;
                over |= (((int) allFlags[r][i]) & 2) != 0;
            }
            run.counted[i] = !late && !over;
            run.valid += run.counted[i] ? 1 : 0;
            run.late += late ? 1 : 0;
            run.overrun += over ? 1 : 0;
        }
        return run;
    }

    /** Parks while far from the deadline (ranks share cores), spins the last 100 us. */
    static void waitUntil(GlobalClock clock, double deadline, boolean crowded) {
        while (true) {
            double left = deadline - clock.now();
            if (left <= 0) {
                return;
            }
            if (left > PARK_BEFORE_NANOS + SPIN_NANOS) {
                LockSupport.parkNanos((long) (left - SPIN_NANOS));
            } else if (crowded) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * The last stretch before a window opens is polled, not parked: a park wakes up to the timer
     * slack (50 us) and a scheduling delay late, more than the late tolerance, so windows wide
     * enough to park in were late one after another (0-5 of 30 valid after widening to 400 us).
     */
    private static final long SPIN_NANOS = 1_000_000;
    /** Only a wait longer than the spin and this is parked at all. */
    private static final long PARK_BEFORE_NANOS = 1_000_000;
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @Override
    public void summarize(List<Map<String, Object>> rows, StringBuilder summary) {
        SummaryTable.keyed("LATENCY (us, median; window scheme per reduction, naive schemes for contrast)")
                .text("%9s", "bytes").text("%-17s", LatencyPoint.SCHEME).text("%-13s", LatencyPoint.REDUCTION)
                .number("%9s", "median", LatencyPoint.MEDIAN_US).number("%9s", "q10", LatencyPoint.Q10_US)
                .number("%9s", "q90", LatencyPoint.Q90_US)
                .column(new SummaryTable.Column("%6s", LatencyPoint.VALID, r -> r.get(LatencyPoint.VALID) == null ? "-"
                        : r.get(LatencyPoint.VALID) + "/" + r.get(LatencyPoint.REPETITIONS)))
                .appendTo(summary, rows);
    }

    @Override
    public List<String> plotNames() {
        return PlotWriter.perCollective(name());
    }

    /** Per collective: the median vs size, the window scheme's max reduction beside the naive schemes. */
    @Override
    public void plot(List<Map<String, Object>> rows, PlotWriter plots) throws IOException {
        plots.savePerCollective(rows, name(), (c, ofCollective) -> Plots.chart(new Plots.Spec("Latency of " + c
                        + " (median; window: max over ranks)", "bytes", "latency (us)", true, true), ofCollective,
                r -> "max".equals(r.get(LatencyPoint.REDUCTION)) || !LatencyPoint.WINDOW.equals(r.get(LatencyPoint.SCHEME)),
                r -> r.get(PointKey.VARIANT) + " " + r.get(LatencyPoint.SCHEME), PointKey.BYTES, LatencyPoint.MEDIAN_US));
    }
}
