package dev.nbc.bench.overhead;

import dev.nbc.bench.cpu.CpuMeter;
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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * CPU overhead of blocking collectives, after Listing 1 of Hoefler, Squyres, Rehm, Lumsdaine,
 * "A Case for Non-Blocking Collective Operations": for communicator sizes 1, 2, 4, ... P and
 * message sizes up to a maximum, many iterations of a collective, and the wall time set against the
 * CPU time used meanwhile: per process from /proc/self/stat (user, system; the paper's
 * getrusage), per thread from ThreadMXBean (the calling thread, and nbc's progress thread
 * separately). CPU share = CPU / wall; idle time per collective = (wall - CPU) / iterations.
 */
public final class OverheadBenchmark {

    public record Config(List<Integer> groups, List<Integer> sizes, List<Collective> collectives,
                         List<Variant> variants, double secondsPerPoint, int minIterations, int maxIterations,
                         double warmupSeconds) {
    }

    private OverheadBenchmark() {
    }

    public static void run(Ranks ranks, Config config, Results results, boolean progress) {
        int points = new Sweep(config.variants(), config.collectives(), config.sizes()).points();
        ProgressBar bar = new ProgressBar(progress, points * config.groups().size());
        for (int p : config.groups()) {
            List<Map<String, Object>> rows = ranks.run(p, env -> measureGroup(env, config, bar, ranks.transport()));
            if (rows != null) {
                for (Map<String, Object> r : rows) {
                    results.row("overhead").putAll(r);
                }
            }
        }
        bar.finish();
    }

    private static List<Map<String, Object>> measureGroup(RankEnv env, Config config, ProgressBar bar, String transport) {
        List<Map<String, Object>> rows = new ArrayList<>();
        boolean inProcess = transport.equals("inprocess");
        Sweep sweep = new Sweep(config.variants(), config.collectives(), config.sizes());
        sweep.warmUp(env, 100, config.warmupSeconds());
        // Then the whole measurement once, dropped (see TailBenchmark: the first variant measured
        // drew the stalls).
        sweep.run(env, (variant, op) -> point(env, op, config, inProcess));
        sweep.run(env, (variant, op) -> {
            Map<String, Object> row = point(env, op, config, inProcess);
            if (env.rank() == 0) {
                rows.add(row);
                bar.step("overhead P=" + env.size() + " " + variant.label() + " " + op.collective().label() + " " + op.bytes());
            }
        });
        return rows;
    }

    private static Map<String, Object> point(RankEnv env, VariantCall op, Config config, boolean inProcess) {
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
        control.barrier();
        CpuMeter meter = new CpuMeter(op::progressThreadCpuNanos);
        EngineCounters counters = EngineCounters.start(op);
        meter.start();
        for (int i = 0; i < iterations; i++) {
            op.blocking();
        }
        CpuMeter.Interval in = meter.stop();
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
        Map<String, Object> row = new java.util.LinkedHashMap<>();
        op.putKey(row, p);
        row.put("iterations", iterations);
        row.put("time_per_op_us", maxWall / iterations / 1e3);
        row.put("mean_time_per_op_us", sumWall / p / iterations / 1e3);
        row.put("cpu_share", (thread + progress) / p);
        row.put("thread_cpu_share", thread / p);
        row.put("thread_user_share", threadUser / p);
        row.put("progress_cpu_share", hasProgress ? progress / p : null);
        row.put("proc_user_share", procUser / procDiv);
        row.put("proc_sys_share", procSys / procDiv);
        row.put("proc_cpu_share", (procUser + procSys) / procDiv);
        row.put("jvm_proc_cpu_share", jvm / procDiv);
        row.put("idle_us_per_op", idle / p / 1e3);
        row.put("proc_idle_us_per_op", Math.max(0, (sumWall / p) * (1 - (procUser + procSys) / procDiv)) / iterations / 1e3);
        row.put("clk_tck", dev.nbc.bench.cpu.ProcessCpu.clockTicks());
        counters.addTo(row);
        return row;
    }
}
