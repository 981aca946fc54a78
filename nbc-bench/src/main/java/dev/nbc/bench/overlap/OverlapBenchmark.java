package dev.nbc.bench.overlap;

import dev.nbc.bench.advise.Verdict;
import dev.nbc.bench.cli.Benchmark;
import dev.nbc.bench.cli.Profile;
import dev.nbc.bench.cli.SizeOptions;
import dev.nbc.bench.cpu.CpuMeter;
import dev.nbc.bench.spread.Figure;
import dev.nbc.bench.spread.MedianInterval;
import dev.nbc.bench.spread.Repeated;
import dev.nbc.bench.report.PlotWriter;
import dev.nbc.bench.report.Plots;
import dev.nbc.bench.report.SummaryTable;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import java.io.IOException;
import dev.nbc.bench.latency.Stats;
import dev.nbc.core.schedule.Collective;
import dev.nbc.bench.ops.EngineCounters;
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
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;

import dev.nbc.models.loggp.LogGPParameters;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Communication/computation overlap of non-blocking collectives, per size and variant, in one run:
 * nbc with its progress thread (start, compute, wait), nbc without it (test() between compute
 * chunks of k us), Open MPI's own iXxx (likewise test() every k us). Per point: the pure time
 * (start + wait), then a calibrated computation of that length alone, then both together; overlap
 * by the OSU and the IMB-NBC formulas ({@link OverlapFormulas}). Beside them the physical limit
 * 1 - CPU share of the collective (application + progress thread CPU from start to completion,
 * waited for by tests with parks between them, per pure time; each rank's, then the mean) and the
 * LogGP-predicted overlap potential (nbc-models; planted parameters on an emulated network,
 * assessed ones otherwise). Per rank figures are medians over repetitions; the row holds the
 * mean over ranks (and the minimum of the OSU overlap).
 */
@Command(name = "overlap", mixinStandardHelpOptions = true,
        description = "Overlap of non-blocking collectives with a calibrated computation (OSU and IMB-NBC formulas), "
                + "nbc with and without progress thread and Open MPI's own, beside the physical limit and the LogGP prediction.")
public final class OverlapBenchmark extends Benchmark {
    @Mixin
    SizeOptions sizes = new SizeOptions(4 << 20);

    @Option(names = "--repetitions", paramLabel = "N", description = "Repetitions per point (default 50; --quick 15).")
    Integer repetitions;

    @Option(names = "--test-interval-us", paramLabel = "K", defaultValue = "10",
            description = "Without a progress thread (nbc-manual, ompi): test() every K us of computation (default ${DEFAULT-VALUE}).")
    double testIntervalUs;

    @Option(names = "--test-calls", paramLabel = "N",
            description = "As OSU's -t N: every variant, the progress thread's too, tests N times spread evenly through "
                    + "the computation (0: never), instead of --test-interval-us.")
    Integer testCalls;

    /**
     * @param testCalls null: the variants without a progress thread test every {@code testIntervalNanos}
     *                  of computation; else every variant tests this many times, evenly spread, as
     *                  OSU's {@code -t N} (0: never)
     */
    record Config(List<Integer> sizes, List<Collective> collectives, List<Variant> variants, int repetitions,
                  long testIntervalNanos, Integer testCalls, int group, int runs) {
        /** One of {@code runs} independent repetitions: its share of the repetitions, at least 3. */
        Config perRun() {
            return new Config(sizes, collectives, variants, Math.max(3, repetitions / runs), testIntervalNanos, testCalls, group, 1);
        }
    }

    /** The figures with a median and interval over the runs. */
    static final List<Figure> FIGURES = List.of(Figure.absolute(OverlapPoint.OVERLAP_OSU_PCT, 10),
            Figure.absolute(OverlapPoint.OVERLAP_IMB_PCT, 10),
            Figure.relative(OverlapPoint.PURE_MAX_US, 0.25), Figure.relative(OverlapPoint.OVERALL_US, 0.25));

    @Override
    public void check(OptionChecks checks) {
        checks.atLeast("--repetitions", repetitions, 1);
        checks.positive("--test-interval-us", testIntervalUs);
        checks.atLeast("--test-calls", testCalls, 0);
    }


    @Override
    protected void measure(Ranks ranks, Profile profile, Results results, boolean progress) {
        run(ranks, new Config(sizes.sizes(profile), common.collectives(), common.variants(), profile.or(repetitions, 15, 50),
                Math.round(testIntervalUs * 1e3), testCalls, ranks.maxRanks(), common.runs()), results, progress);
    }

    private static void run(Ranks ranks, Config config, Results results, boolean progress) {
        ProgressBar bar = new ProgressBar(progress, new Sweep(config.variants(), config.collectives(), config.sizes()).points());
        EmulatedNetwork network = ranks.network();
        List<OverlapRow> rows = ranks.run(config.group(), env -> measure(env, config, bar, network, ranks.inProcess()));
        if (rows != null) {
            rows.forEach(r -> results.add("overlap", r));
        }
        bar.finish();
    }

    private static List<OverlapRow> measure(RankEnv env, Config config, ProgressBar bar, EmulatedNetwork network,
                                                     boolean settle) {
        Control control = env.control();
        // every rank computes at its own calibrated rate; the check of chunked accuracy is reported
        BusyWork work = BusyWork.calibrate();
        long chunk = config.testIntervalNanos();
        double chunkError = work.chunkedError(1_000_000, chunk, 5);
        double[][] errors = control.gather(new double[] {chunkError});
        double maxChunkError = errors == null ? 0
                : java.util.Arrays.stream(errors).mapToDouble(e -> Math.abs(e[0])).max().orElse(0);
        List<OverlapRow> rows = new ArrayList<>();
        Sweep sweep = new Sweep(config.variants(), config.collectives(), config.sizes());
        // The warm-up runs the whole measurement at every point with a few repetitions and drops
        // it: the JIT must be done with the measuring code too, not only with the collectives (the
        // first points measured after a collectives-only warm-up came out at half their overlap).
        Config warmUp = new Config(config.sizes(), config.collectives(), config.variants(),
                Math.max(3, config.repetitions() / 5), config.testIntervalNanos(), config.testCalls(), config.group(), 1);
        Sweep.warmUpUntilCompiled(env, () -> sweep.run(env, (variant, op) -> point(env, op, work, warmUp, settle)));
        // After the warm-up: the reference's γ is the compiled reduction kernel's cost, which the
        // warm-up's collectives have compiled by now (probed before it, with the JIT busy on the
        // whole benchmark, it read an interpreted kernel in half the runs).
        LogGPReference reference = network != null
                ? LogGPReference.planted(network, env.size())
                : LogGPReference.assess(env);
        sweep.run(env, (variant, op) -> {
            Repeated.Merged<OverlapPoint> point = Repeated.mergedRow(config.runs(), FIGURES,
                    () -> point(env, op, work, config.perRun(), settle));
            if (point != null) {
                rows.add(new OverlapRow(point.point(), point.spread(), prediction(reference, op), maxChunkError));
                bar.step("overlap " + variant.label() + " " + op.collective().label() + " " + op.bytes());
            }
        });
        return env.rank() == 0 ? rows : null;
    }

    /** What {@code reference} predicts for {@code op}. */
    private static LogGPPrediction prediction(LogGPReference reference, VariantCall op) {
        LogGPParameters loggp = reference.parameters(op.bytes());
        return new LogGPPrediction(reference.source(), loggp == null ? null : loggp.L(), loggp == null ? null : loggp.o(),
                loggp == null ? null : loggp.g(), loggp == null ? null : loggp.G(), loggp == null ? null : loggp.gamma(),
                reference.equationOverlap(op.collective(), op.bytes()), reference.sendBufferBytes(),
                reference.simulatedOverlap(op.collective(), op.bytes()),
                reference.simulatedMicros(op.collective(), op.bytes()));
    }

    /**
     * @param settle whether to wait for a quiet JVM first (in-process ranks, which share one JVM's compiler threads)
     */
    private static OverlapPoint point(RankEnv env, VariantCall op, BusyWork work, Config config, boolean settle) {
        Control control = env.control();
        int reps = op.bytes() >= (1 << 20) ? Math.max(5, config.repetitions() / 4) : config.repetitions();
        // Without a progress thread (nbc-manual, Open MPI) the computation tests now and then.
        boolean polls = op.variant() == Variant.OMPI || op.variant().mode() == ProgressMode.MANUAL;
        long chunk = config.testIntervalNanos();
        // In-process, a quiet JVM before the timed loops, as the overhead and tail benchmarks have:
        // with rank threads bound to their cores, a C2 compilation on a rank's core took it for a
        // scheduler slice (1-4 ms pure times at the first nbc-thread points in most quick runs;
        // none with C1 alone). Then the point's own untimed collectives: straight after the
        // settle's sleep the thread variant's pure times came out 5-7 % longer. Over MPI the
        // settle's sleep left Open MPI's microsecond collectives cold even after them: its overlap
        // headline (whose truth is about 0 %, as OSU finds) rose from 7-12 % to 25-28 % (docs/bench.md).
        if (settle) {
            RuntimeActivity.settle(control);
        }
        Sweep.warmUp(control, op, Math.min(reps, 10), 0);
        // 1. pure: start + wait right after a synchronisation, exactly as the overall step below
        //    starts, with nothing else between the synchronisation and the timer (a CPU reading
        //    there cost 30-70 us and made the pure time mostly one rank waiting for the other).
        double[] pure = new double[reps];
        for (int i = 0; i < reps; i++) {
            control.barrier();
            long t0 = System.nanoTime();
            op.start().await();
            pure[i] = System.nanoTime() - t0;
        }
        double pureMedian = Stats.median(pure);
        // Each rank computes as long as its own pure time, as OSU sizes each rank's computation:
        // sizing everybody to the slowest rank hid that rank's wait in the others' computation.
        long target = (long) Math.ceil(pureMedian);
        // The CPU the collective's own work takes (this thread + progress thread: posting, copies,
        // reductions, the kernel's work in its system calls), started as the pure runs start and
        // waited for by tests with parks between them, whatever the variant: a wait that polls
        // would count its polling as work the collective needs, and put the limit below what a
        // variant that does not poll achieves. Per pure time, this rank's, as its overlap is.
        long park = Math.max(MIN_CPU_LOOP_PARK_NANOS, Math.min(MAX_CPU_LOOP_PARK_NANOS, target / CPU_LOOP_TESTS));
        long cpu = cpuPerRun(control, op, new CpuMeter(op::progressThreadCpuNanos), reps, park);
        // 2. the computation alone, chunked as it will be, as long as the pure time: the rate is
        //    corrected until it is (a computation half the pure time caps the OSU overlap at half)
        Integer testCalls = config.testCalls();
        long computeChunk = polls ? chunk : 0;
        double[] compute = computeAlone(work, target, testCalls, computeChunk, reps);
        for (int attempt = 1; attempt < COMPUTE_ATTEMPTS; attempt++) {
            double median = Stats.median(compute);
            if (Math.abs(median - target) <= COMPUTE_TOLERANCE * target) {
                break;
            }
            work.correct(target, median);
            compute = computeAlone(work, target, testCalls, computeChunk, reps);
        }
        // 3. both
        double[] overall = new double[reps];
        double[] inRunCompute = new double[reps];
        EngineCounters counters = EngineCounters.start(op);
        for (int i = 0; i < reps; i++) {
            control.barrier();
            long t0 = System.nanoTime();
            dev.nbc.harness.call.CollectiveCall.Started s = op.start();
            if (testCalls != null) {
                inRunCompute[i] = work.probed(target, testCalls, s::test);
            } else {
                inRunCompute[i] = polls ? work.chunked(target, chunk, s::test) : work.chunked(target, 0, null);
            }
            s.await();
            overall[i] = System.nanoTime() - t0;
        }
        double computeMedian = Stats.median(compute);
        double overallMedian = Stats.median(overall);
        double cpuShare = pureMedian > 0 ? cpu / pureMedian : Double.NaN;
        double[] mine = {pureMedian, computeMedian, overallMedian, Stats.median(inRunCompute), cpuShare,
                OverlapFormulas.osu(pureMedian, computeMedian, overallMedian),
                OverlapFormulas.imb(pureMedian, computeMedian, overallMedian)};
        double[][] all = control.gather(mine);
        if (all == null) {
            return null;
        }
        int p = all.length;
        double[] mean = new double[mine.length];
        double minOsu = Double.POSITIVE_INFINITY;
        double maxPure = 0;
        double maxOverall = 0;
        for (double[] r : all) {
            for (int k = 0; k < mine.length; k++) {
                mean[k] += r[k] / p;
            }
            minOsu = Math.min(minOsu, r[5]);
            maxPure = Math.max(maxPure, r[0]);
            maxOverall = Math.max(maxOverall, r[2]);
        }
        // What the collective cost the application when overlapped, and how much of that was time
        // inside the library's calls (start, test, wait) rather than computation: the fair
        // comparison between variants whose pure times differ, since the OSU formula credits
        // a slow pure time's idle waits as overlap.
        OverlapPoint.Times times = new OverlapPoint.Times(mean[0] / 1e3, maxPure / 1e3, target / 1e3, mean[1] / 1e3, mean[2] / 1e3,
                maxOverall / 1e3, mean[3] / 1e3, (mean[2] - mean[1]) / 1e3, (mean[2] - mean[3]) / 1e3);
        OverlapPoint.ByRank byRank = new OverlapPoint.ByRank(byRank(all, 0, 1e-3), byRank(all, 5, 1), byRank(all, 4, 1));
        return new OverlapPoint(op.key(p), reps, testCalls == null && polls ? chunk / 1e3 : null, testCalls, times, mean[4], byRank,
                mean[5], minOsu, mean[6], physicalLimit(all), counters.counts());
    }

    /** The computation alone may differ from its target by this fraction before its rate is corrected. */
    static final double COMPUTE_TOLERANCE = 0.05;
    /** Measurements of the computation alone per point at most (the last one counts). */
    static final int COMPUTE_ATTEMPTS = 3;

    /** {@code reps} runs of the computation alone of {@code target} ns (probed, or in chunks of {@code chunk}), in ns each. */
    private static double[] computeAlone(BusyWork work, long target, Integer testCalls, long chunk, int reps) {
        double[] compute = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            if (testCalls != null) {
                work.probed(target, testCalls, () -> { });
            } else {
                work.chunked(target, chunk, () -> { });
            }
            compute[i] = System.nanoTime() - t0;
        }
        return compute;
    }

    /** The mean over ranks of each rank's physical limit (from its own CPU share), as the overlap is the mean of each rank's. */
    private static double physicalLimit(double[][] all) {
        double sum = 0;
        for (double[] r : all) {
            sum += OverlapFormulas.physicalLimit(r[4]);
        }
        return sum / all.length;
    }

    /**
     * The CPU-measuring loop tests about this many times per pure time, parked in between (at
     * least {@link #MIN_CPU_LOOP_PARK_NANOS}, at most {@link #MAX_CPU_LOOP_PARK_NANOS} apart): a
     * test every 20 us cost a leaf of a 4 MiB broadcast at 1 Gbit/s 30 % of its pure time, most
     * of it the tests' own wake-ups, and those are the loop's, not the collective's. With 64 per
     * pure time the limit still lay below the achieved overlap's interval at a fifth of the points
     * across hosts; with 16 at 3 of 18 (all at 256 KiB, by 1-5 points).
     */
    static final int CPU_LOOP_TESTS = 16;
    static final long MIN_CPU_LOOP_PARK_NANOS = 20_000;
    static final long MAX_CPU_LOOP_PARK_NANOS = 1_000_000;

    /**
     * The median over {@code reps} runs of this rank's CPU, in ns, from a collective's start to its
     * completion seen by a test, less what the loop's own parks cost (their entry and wake-up,
     * measured alone by {@link #parkCpuNanos}): the loop's, not the collective's.
     */
    private static long cpuPerRun(Control control, VariantCall op, CpuMeter meter, int reps, long parkNanos) {
        double parkCpu = parkCpuNanos(meter, parkNanos);
        double[] cpu = new double[reps];
        for (int i = 0; i < reps; i++) {
            control.barrier();
            long before = meter.rankCpuNow();
            dev.nbc.harness.call.CollectiveCall.Started started = op.start();
            int parks = 0;
            while (!started.test()) {
                java.util.concurrent.locks.LockSupport.parkNanos(parkNanos);
                parks++;
            }
            cpu[i] = Math.max(0, meter.rankCpuNow() - before - parks * parkCpu);
        }
        return (long) Stats.median(cpu);
    }

    /** Parks timed by {@link #parkCpuNanos}: their median is taken, so that a preempted one does not count. */
    static final int PARK_CALIBRATION_PARKS = 16;

    /** This rank's CPU per park of {@code parkNanos} with nothing in flight (the median over a few), in ns. */
    static double parkCpuNanos(CpuMeter meter, long parkNanos) {
        double[] cpu = new double[PARK_CALIBRATION_PARKS];
        for (int i = 0; i < cpu.length; i++) {
            long before = meter.rankCpuNow();
            java.util.concurrent.locks.LockSupport.parkNanos(parkNanos);
            cpu[i] = meter.rankCpuNow() - before;
        }
        return Stats.median(cpu);
    }

    /** Column {@code k} of every rank's figures times {@code scale}, in rank order, separated by ';'. */
    private static String byRank(double[][] all, int k, double scale) {
        StringBuilder text = new StringBuilder();
        for (double[] r : all) {
            text.append(text.length() == 0 ? "" : ";").append(String.format(java.util.Locale.ROOT, "%.3g", r[k] * scale));
        }
        return text.toString();
    }

    /**
     * Per variant, over the sizes with data (the barrier left out): the median overlap achieved
     * (OSU), the physical limit and the LogGP prediction (simulator) beside it.
     */
    @Override
    public List<String> headline(List<Map<String, Object>> rows) {
        List<String> lines = new ArrayList<>();
        Map<String, List<Map<String, Object>>> byVariant = new java.util.TreeMap<>();
        for (Map<String, Object> r : rows) {
            if (!"barrier".equals(r.get("collective"))) {
                byVariant.computeIfAbsent(String.valueOf(r.get("variant")), k -> new ArrayList<>()).add(r);
            }
        }
        byVariant.forEach((variant, points) -> lines.add(String.format(java.util.Locale.ROOT,
                "HEADLINE overlap, %-11s P=%s: achieved %s %% (median over %d points), physical limit %s %%, LogGP prediction %s %%",
                variant, points.get(0).get("P"), medianOf(points, OverlapPoint.OVERLAP_OSU_PCT), points.size(), medianOf(points, OverlapPoint.PHYSICAL_LIMIT_PCT),
                medianOf(points, LogGPPrediction.SIMULATED_OVERLAP_PCT))));
        return lines;
    }

    private static String medianOf(List<Map<String, Object>> rows, String column) {
        double[] values = rows.stream().map(r -> r.get(column)).filter(v -> v instanceof Number n && !Double.isNaN(n.doubleValue()))
                .mapToDouble(v -> ((Number) v).doubleValue()).toArray();
        return values.length == 0 ? "-" : String.format(java.util.Locale.ROOT, "%.0f", MedianInterval.of(values).median());
    }

    @Override
    public void summarize(List<Map<String, Object>> rows, StringBuilder summary) {
        SummaryTable.keyed("OVERLAP (% ; cost = overall - compute, what the overlapped collective cost the application; OSU = max(0,100(1-(overall-compute)/pure)), IMB = 100 max(0,min(1,(pure+compute-overall)/min(pure,compute))))")
                .text("%9s", "bytes").number("%9s", "pure max", OverlapPoint.PURE_MAX_US).number("%9s", "LgGP us", LogGPPrediction.SIMULATED_US)
                .number("%9s", "ovrl us", OverlapPoint.OVERALL_US).number("%9s", "cost us", OverlapPoint.OVERLAPPED_COST_US)
                .number("%6s", "OSU", OverlapPoint.OVERLAP_OSU_PCT).number("%6s", "IMB", OverlapPoint.OVERLAP_IMB_PCT)
                .number("%6s", "limit", OverlapPoint.PHYSICAL_LIMIT_PCT).number("%6s", "LgGPs", LogGPPrediction.SIMULATED_OVERLAP_PCT)
                .number("%6s", "LgGPe", LogGPPrediction.EQUATION_OVERLAP_PCT).appendTo(summary, rows);
        verdicts(rows).forEach(line -> summary.append(line).append('\n'));
    }

    /**
     * A verdict per collective and size ({@link Verdict}) of the rows' first variant: what its
     * collective costs a loop that computes as long as the collective takes, blocking (its pure
     * time) and overlapped (overall - compute); the barrier left out.
     */
    static List<String> verdicts(List<Map<String, Object>> rows) {
        List<String> lines = new ArrayList<>();
        Object variant = rows.isEmpty() ? null : rows.get(0).get(PointKey.VARIANT);
        for (Map<String, Object> r : rows) {
            if (r.get(PointKey.VARIANT).equals(variant) && !Collective.BARRIER.label().equals(r.get(PointKey.COLLECTIVE))) {
                lines.add("VERDICT " + variant + ": " + new Verdict(String.valueOf(r.get(PointKey.COLLECTIVE)),
                        ((Number) r.get(PointKey.BYTES)).longValue(), number(r, OverlapPoint.PURE_US),
                        number(r, OverlapPoint.COMPUTE_US), number(r, OverlapPoint.OVERLAPPED_COST_US)));
            }
        }
        return lines;
    }

    private static double number(Map<String, Object> row, String column) {
        return row.get(column) instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    @Override
    public List<String> plotNames() {
        return PlotWriter.perCollective(name());
    }

    /** Per collective: overlap vs size, every variant's OSU figure and physical limit, nbc-thread's LogGP predictions. */
    @Override
    public void plot(List<Map<String, Object>> rows, PlotWriter plots) throws IOException {
        plots.savePerCollective(rows, name(), (c, ofCollective) -> {
            List<Map<String, Object>> series = new ArrayList<>();
            for (Map<String, Object> r : ofCollective) {
                series.add(PlotWriter.point(r, r.get("variant") + " (OSU)", OverlapPoint.OVERLAP_OSU_PCT));
                series.add(PlotWriter.point(r, r.get("variant") + " physical limit", OverlapPoint.PHYSICAL_LIMIT_PCT));
                if ("nbc-thread".equals(r.get("variant"))) {
                    series.add(PlotWriter.point(r, "LogGP simulated (" + r.get(LogGPPrediction.SOURCE) + ")", LogGPPrediction.SIMULATED_OVERLAP_PCT));
                    series.add(PlotWriter.point(r, "LogGP equations (" + r.get(LogGPPrediction.SOURCE) + ")", LogGPPrediction.EQUATION_OVERLAP_PCT));
                }
            }
            return Plots.chart(new Plots.Spec("Overlap of i" + c + " vs size (P=" + rows.get(0).get("P") + ", "
                    + rows.get(0).get("transport") + ")", "bytes", "overlap (%)", true, false), series, r -> true,
                    r -> String.valueOf(r.get("series")), "bytes", "y");
        });
    }
}
