package dev.nbc.bench.clock;

import dev.nbc.bench.cli.Benchmark;
import dev.nbc.bench.cli.ClockOptions;
import dev.nbc.bench.cli.Profile;
import dev.nbc.bench.latency.Stats;
import dev.nbc.bench.report.PlotWriter;
import dev.nbc.bench.spread.Figure;
import dev.nbc.bench.spread.MedianInterval;
import dev.nbc.bench.spread.Spread;
import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.report.Plots;
import dev.nbc.bench.report.SummaryTable;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import java.io.IOException;
import dev.nbc.harness.ranks.Control;
import dev.nbc.harness.ranks.RankEnv;
import dev.nbc.harness.ranks.Ranks;
import dev.nbc.bench.report.ProgressBar;
import dev.nbc.bench.report.Results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Group clock synchronisation, tree against linear, for P = 2 .. the largest group: the time a
 * synchronisation takes (rank 0, from its start to the end of the scatter) and its error. On one
 * host every rank reads the same clock, so the true offsets are the injected ones (0 without
 * injection) and the measured error is {@code estimated global time - rank 0's clock} at the same
 * instant, taken right after the synchronisation and again {@code checkAfterMillis} later (where
 * an uncorrected drift shows).
 */
@Command(name = "sync", mixinStandardHelpOptions = true,
        description = "Clock synchronisation, tree (ceil(log2 P) steps) vs linear (P-1 steps): time and error for P = 2 .. max; "
                + "--inject-offset-us / --inject-drift-ppm show that offsets and drifts are corrected.")
public final class SyncBenchmark extends Benchmark {
    private static final String TIME_PLOT = "sync-time";
    private static final Figure TIME_FIGURE = Figure.relative(SyncRow.SYNC_TIME_US, 0.25);
    private static final String ERROR_PLOT = "sync-error";

    @Mixin
    ClockOptions clock;

    @Option(names = "--repetitions", paramLabel = "N", description = "Timed synchronisations per scheme and P (default 10; --quick 6).")
    Integer repetitions;

    @Option(names = "--check-after-ms", paramLabel = "MS", description = "Second error check this long after the sync (default 1000; --quick 200).")
    Long checkAfterMillis;

    record Config(int maxGroup, int repetitions, ClockSetup clock, long checkAfterMillis) {
    }

    @Override
    public void check(OptionChecks checks) {
        checks.atLeast("--repetitions", repetitions, 1);
        checks.atLeast("--check-after-ms", checkAfterMillis, 0);
    }


    @Override
    protected void measure(Ranks ranks, Profile profile, Results results, boolean progress) {
        run(ranks, new Config(ranks.maxRanks(), profile.or(repetitions, 6, 10), clock.setup(profile),
                profile.or(checkAfterMillis, 200L, 1000L)), results, progress);
    }

    private static void run(Ranks ranks, Config config, Results results, boolean progress) {
        List<Integer> groups = new ArrayList<>();
        for (int p = 2; p <= config.maxGroup(); p++) {
            groups.add(p);
        }
        if (groups.isEmpty()) {
            groups.add(1);
        }
        ProgressBar bar = new ProgressBar(progress, groups.size() * 2);
        for (int p : groups) {
            List<SyncRow> rows = ranks.run(p, env -> measure(env, config, bar));
            if (rows != null) {
                rows.forEach(r -> results.add("sync", r));
            }
        }
        bar.finish();
    }

    private static List<SyncRow> measure(RankEnv env, Config config, ProgressBar bar) {
        Control control = env.control();
        ClockSetup setup = config.clock();
        LocalClock local = setup.local(env.rank());
        LocalClock reference = setup.local(0);
        List<SyncRow> rows = new ArrayList<>();
        for (GroupSync.Scheme scheme : GroupSync.Scheme.values()) {
            double[] times = new double[config.repetitions()];
            double[] exchanges = new double[config.repetitions()];
            double[] rtt = new double[config.repetitions()];
            for (int i = 0; i < config.repetitions(); i++) {
                control.barrier();
                GroupSync.Pass pass = GroupSync.run(scheme, control, local, setup.patience());
                times[i] = pass.elapsedNanos();
                exchanges[i] = pass.exchanges();
                rtt[i] = pass.minRtt() == Long.MAX_VALUE ? Double.NaN : pass.minRtt();
            }
            // error of the offset-only and the offset+drift model, now and after a pause
            GlobalClock offsetOnly = GlobalClock.synchronize(control, local, scheme, setup.patience(), 0);
            GlobalClock withDrift = GlobalClock.synchronize(control, local, scheme, setup.patience(), setup.driftGapMillis());
            long now = control.now();
            double e0 = withDrift.errorAgainst(reference, now);
            double o0 = offsetOnly.errorAgainst(reference, now);
            control.pause(config.checkAfterMillis());
            now = control.now();
            double e1 = withDrift.errorAgainst(reference, now);
            double o1 = offsetOnly.errorAgainst(reference, now);
            double trueOffset = local.at(now) - reference.at(now);
            double[][] errors = control.gather(new double[] {e0, e1, o0, o1, withDrift.model().slope(),
                    local.drift() - reference.drift(), trueOffset, withDrift.model().offset()});
            if (env.rank() == 0) {
                double maxE0 = 0;
                double maxE1 = 0;
                double maxO0 = 0;
                double maxO1 = 0;
                double maxSlopeErr = 0;
                double maxTrue = 0;
                for (double[] r : errors) {
                    maxE0 = Math.max(maxE0, Math.abs(r[0]));
                    maxE1 = Math.max(maxE1, Math.abs(r[1]));
                    maxO0 = Math.max(maxO0, Math.abs(r[2]));
                    maxO1 = Math.max(maxO1, Math.abs(r[3]));
                    // slope is d(local - global)/d(global), about the relative drift
                    maxSlopeErr = Math.max(maxSlopeErr, Math.abs(r[4] - r[5]));
                    maxTrue = Math.max(maxTrue, Math.abs(r[6]));
                }
                // every synchronisation is an independent repetition: its time's median and 95 % interval
                MedianInterval time = MedianInterval.of(Arrays.stream(times).map(t -> t / 1e3).toArray());
                int steps = scheme == GroupSync.Scheme.TREE ? GroupSync.treeSteps(env.size()) : env.size() - 1;
                rows.add(new SyncRow(env.size(), scheme.label(), steps, config.repetitions(), setup.patience(), time.median(),
                        Spread.of(TIME_FIGURE, time), Stats.min(times) / 1e3, Stats.max(times) / 1e3, Stats.mean(exchanges),
                        Stats.median(rtt) / 1e3, new SyncRow.Injected(setup.injectOffsetMicros(), setup.injectDriftPpm(),
                                setup.driftGapMillis(), config.checkAfterMillis()),
                        new SyncRow.Errors(maxTrue / 1e3, maxE0 / 1e3, maxE1 / 1e3, maxO0 / 1e3, maxO1 / 1e3, maxSlopeErr * 1e6)));
                bar.step("sync P=" + env.size() + " " + scheme.label());
            }
        }
        return env.rank() == 0 ? rows : null;
    }

    @Override
    public void summarize(List<Map<String, Object>> rows, StringBuilder summary) {
        SummaryTable.titled("SYNC (time at rank 0; error = max over ranks of |global estimate - rank 0's clock|, us)")
                .text("%-3s", PointKey.P).text("%-7s", SyncRow.SCHEME).text("%5s", SyncRow.STEPS).number("%10s", "time us", SyncRow.SYNC_TIME_US)
                .number("%12s", "err now", SyncRow.ERR_DRIFT_MODEL_NOW_US).number("%12s", "err later", SyncRow.ERR_DRIFT_MODEL_LATER_US)
                .number("%12s", "off-only now", SyncRow.ERR_OFFSET_ONLY_NOW_US).number("%12s", "off-only ltr", SyncRow.ERR_OFFSET_ONLY_LATER_US)
                .number("%10s", "drift ppm", SyncRow.DRIFT_ERROR_PPM).appendTo(summary, rows);
    }

    @Override
    public List<String> plotNames() {
        return List.of(TIME_PLOT, ERROR_PLOT);
    }

    @Override
    public void plot(List<Map<String, Object>> rows, PlotWriter plots) throws IOException {
        plots.save(Plots.chart(new Plots.Spec("Group clock synchronisation time", PointKey.P, "time (us)", false, true),
                rows, r -> true, r -> String.valueOf(r.get(SyncRow.SCHEME)), PointKey.P, SyncRow.SYNC_TIME_US), TIME_PLOT);
        List<Map<String, Object>> err = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            err.add(PlotWriter.point(r, r.get(SyncRow.SCHEME) + " offset+drift, now", SyncRow.ERR_DRIFT_MODEL_NOW_US));
            err.add(PlotWriter.point(r, r.get(SyncRow.SCHEME) + " offset+drift, later", SyncRow.ERR_DRIFT_MODEL_LATER_US));
            err.add(PlotWriter.point(r, r.get(SyncRow.SCHEME) + " offset only, later", SyncRow.ERR_OFFSET_ONLY_LATER_US));
        }
        plots.save(Plots.chart(new Plots.Spec("Synchronisation error (max over ranks)", "P", "|error| (us)", false, true),
                err, r -> true, r -> String.valueOf(r.get("series")), PointKey.P, "y"), ERROR_PLOT);
    }
}
