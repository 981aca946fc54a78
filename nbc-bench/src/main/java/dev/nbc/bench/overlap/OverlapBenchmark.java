package dev.nbc.bench.overlap;

import dev.nbc.bench.cpu.CpuMeter;
import dev.nbc.bench.latency.Stats;
import dev.nbc.core.schedule.Collective;
import dev.nbc.bench.ops.EngineCounters;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Communication/computation overlap of non-blocking collectives, per size and variant, in one run:
 * nbc with its progress thread (start, compute, wait), nbc without it (test() between compute
 * chunks of k us), Open MPI's own iXxx (likewise test() every k us). Per point: the pure time
 * (start + wait), then a calibrated computation of that length alone, then both together; overlap
 * by the OSU and the IMB-NBC formulas ({@link OverlapFormulas}). Beside them the physical limit
 * 1 - CPU share of the collective (thread + progress thread CPU during the pure runs) and the
 * LogGP-predicted overlap potential (nbc-models; planted parameters on an emulated network,
 * assessed ones otherwise). Per rank figures are medians over repetitions; the row holds the
 * mean over ranks (and the minimum of the OSU overlap).
 */
public final class OverlapBenchmark {

    /**
     * @param testCalls null: the variants without a progress thread test every {@code testIntervalNanos}
     *                  of computation; else every variant tests this many times, evenly spread, as
     *                  OSU's {@code -t N} (0: never)
     */
    public record Config(List<Integer> sizes, List<Collective> collectives, List<Variant> variants, int repetitions,
                         long testIntervalNanos, Integer testCalls, int group) {
    }

    private OverlapBenchmark() {
    }

    public static void run(Ranks ranks, Config config, Results results, boolean progress) {
        ProgressBar bar = new ProgressBar(progress, new Sweep(config.variants(), config.collectives(), config.sizes()).points());
        EmulatedNetwork network = ranks.network();
        List<Map<String, Object>> rows = ranks.run(config.group(), env -> measure(env, config, bar, network));
        if (rows != null) {
            for (Map<String, Object> r : rows) {
                results.row("overlap").putAll(r);
            }
        }
        bar.finish();
    }

    private static List<Map<String, Object>> measure(RankEnv env, Config config, ProgressBar bar, EmulatedNetwork network) {
        Control control = env.control();
        // every rank computes at its own calibrated rate; the check of chunked accuracy is reported
        BusyWork work = BusyWork.calibrate();
        long chunk = config.testIntervalNanos();
        double chunkError = work.chunkedError(1_000_000, chunk, 5);
        LogGPReference reference = network != null
                ? LogGPReference.planted(network, env.size())
                : LogGPReference.assess(control, env.size());
        double[][] errors = control.gather(new double[] {chunkError});
        double maxChunkError = errors == null ? 0
                : java.util.Arrays.stream(errors).mapToDouble(e -> Math.abs(e[0])).max().orElse(0);
        List<Map<String, Object>> rows = new ArrayList<>();
        Sweep sweep = new Sweep(config.variants(), config.collectives(), config.sizes());
        // The warm-up runs the whole measurement at every point with a few repetitions and drops
        // it: the JIT must be done with the measuring code too, not only with the collectives (the
        // first points measured after a collectives-only warm-up came out at half their overlap).
        Config warmUp = new Config(config.sizes(), config.collectives(), config.variants(),
                Math.max(3, config.repetitions() / 5), config.testIntervalNanos(), config.testCalls(), config.group());
        Sweep.warmUpUntilCompiled(env, () -> sweep.run(env, (variant, op) -> point(env, op, work, warmUp)));
        sweep.run(env, (variant, op) -> {
            Map<String, Object> row = point(env, op, work, config);
            if (row != null) {
                LogGPParameters loggp = reference.parameters(op.bytes());
                row.put("loggp_source", reference.source());
                row.put("loggp_L_ns", loggp == null ? null : loggp.L());
                row.put("loggp_o_ns", loggp == null ? null : loggp.o());
                row.put("loggp_g_ns", loggp == null ? null : loggp.g());
                row.put("loggp_G_ns_per_byte", loggp == null ? null : loggp.G());
                row.put("loggp_gamma_ns_per_byte", loggp == null ? null : loggp.gamma());
                row.put("loggp_eq_overlap_pct", reference.equationOverlap(op.collective(), op.bytes()));
                row.put("loggp_sim_overlap_pct", reference.simulatedOverlap(op.collective(), op.bytes()));
                row.put("loggp_sim_us", reference.simulatedMicros(op.collective(), op.bytes()));
                row.put("busy_chunk_error_max", maxChunkError);
                rows.add(row);
                bar.step("overlap " + variant.label() + " " + op.collective().label() + " " + op.bytes());
            }
        });
        return env.rank() == 0 ? rows : null;
    }

    private static Map<String, Object> point(RankEnv env, VariantCall op, BusyWork work, Config config) {
        Control control = env.control();
        int reps = op.bytes() >= (1 << 20) ? Math.max(5, config.repetitions() / 4) : config.repetitions();
        // Without a progress thread (nbc-manual, Open MPI) the computation tests now and then.
        boolean polls = op.variant() == Variant.OMPI || op.variant().mode() == ProgressMode.MANUAL;
        long chunk = config.testIntervalNanos();
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
        // The CPU share of the collective (this thread + progress thread), read around a loop of
        // them and never inside a timed region.
        CpuMeter meter = new CpuMeter(op::progressThreadCpuNanos);
        control.barrier();
        meter.start();
        for (int i = 0; i < reps; i++) {
            op.start().await();
        }
        CpuMeter.Interval cpuRun = meter.stop();
        long cpu = cpuRun.rankCpu();
        long wall = cpuRun.wall();
        // 2. the computation alone, chunked as it will be
        Integer testCalls = config.testCalls();
        double[] compute = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            if (testCalls != null) {
                work.probed(target, testCalls, () -> { });
            } else {
                work.chunked(target, polls ? chunk : 0, () -> { });
            }
            compute[i] = System.nanoTime() - t0;
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
        double cpuShare = wall > 0 ? (double) cpu / wall : Double.NaN;
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
        Map<String, Object> row = new LinkedHashMap<>();
        op.putKey(row, p);
        row.put("repetitions", reps);
        row.put("test_interval_us", testCalls == null && polls ? chunk / 1e3 : null);
        row.put("test_calls", testCalls);
        row.put("pure_us", mean[0] / 1e3);
        row.put("pure_max_us", maxPure / 1e3);
        row.put("compute_target_us", target / 1e3);
        row.put("compute_us", mean[1] / 1e3);
        row.put("overall_us", mean[2] / 1e3);
        row.put("overall_max_us", maxOverall / 1e3);
        row.put("compute_in_run_us", mean[3] / 1e3);
        // What the collective cost the application when overlapped, and how much of that was time
        // inside the library's calls (start, test, wait) rather than computation: the fair
        // comparison between variants whose pure times differ, since the OSU formula credits
        // a slow pure time's idle waits as overlap.
        row.put("overlapped_cost_us", (mean[2] - mean[1]) / 1e3);
        row.put("in_library_us", (mean[2] - mean[3]) / 1e3);
        row.put("cpu_share", mean[4]);
        row.put("overlap_osu_pct", mean[5]);
        row.put("overlap_osu_min_pct", minOsu);
        row.put("overlap_imb_pct", mean[6]);
        row.put("physical_limit_pct", OverlapFormulas.physicalLimit(mean[4]));
        counters.addTo(row);
        return row;
    }
}
