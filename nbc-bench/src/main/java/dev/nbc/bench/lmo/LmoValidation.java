package dev.nbc.bench.lmo;

import dev.nbc.bench.report.Results;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.Heterogeneity;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import dev.nbc.models.lmo.LmoCollectives;
import dev.nbc.models.lmo.LmoEstimation;
import dev.nbc.models.lmo.LmoExperiments;
import dev.nbc.models.lmo.LmoParameters;
import dev.nbc.models.lmo.LmoProtocol;
import dev.nbc.models.lmo.LmoScatterSweep;
import dev.nbc.models.lmo.LmoThresholds;
import dev.nbc.models.lmo.PlantedNetworks;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.ScheduleSimulator;
import dev.nbc.models.simulation.ScheduleSource;
import dev.nbc.models.simulation.SimulationConfig;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.datatype.DataType;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * LMO against planted heterogeneous networks (issue 16 done-when 1 and 2): on the in-process
 * transport with {@link Heterogeneity}, on virtual time, the experiments recover C_i, t_i and
 * beta_ij, a scatter sweep finds S, and LMO's scatter prediction is set beside the measured time
 * and beside the homogeneous predictions from the same experiments: Hockney (alpha the mean empty
 * one-way time, beta the mean per-byte time over all pairs: (n - 1)(alpha + beta M)) and LogGP
 * (nbc's linear scatter in the schedule simulator, {@link #loggp}).
 */
public final class LmoValidation {
    /** The planted S: the one-to-two experiments use half of it. */
    static final long THRESHOLD = 2 << 20;

    private LmoValidation() {
    }

    public static void run(List<PlantedNetworks.Kind> kinds, List<Integer> sizes, Results results, PrintStream log) {
        int[] sweep = new int[13];
        double[] x = new double[sweep.length];
        for (int k = 0; k < sweep.length; k++) {
            sweep[k] = (int) Math.round((128 << 10) * Math.pow(2, k / 2.0));
            x[k] = sweep[k];
        }
        log.printf(Locale.ROOT, "%-15s %3s %10s %10s %10s %12s %12s %14s %14s %14s%n", "network", "n", "C err %", "t err %",
                "1/beta %", "S found", "wall s", "LMO scatter %", "Hockney %", "LogGP %");
        for (PlantedNetworks.Kind kind : kinds) {
            for (int n : sizes) {
                Heterogeneity truth = PlantedNetworks.of(kind, n, n, THRESHOLD);
                AtomicReference<LmoExperiments> experiments = new AtomicReference<>();
                AtomicReference<double[]> scatter = new AtomicReference<>();
                long t0 = System.nanoTime();
                try (InProcessWorld world = InProcessWorld.onVirtualTime(n, EmulatedNetwork.none(), truth)) {
                    world.run((rank, transport) -> LmoProtocol.run(transport, (int) (THRESHOLD / 2), 1).ifPresent(experiments::set),
                            Duration.ofMinutes(5));
                }
                double wall = (System.nanoTime() - t0) / 1e9;
                try (InProcessWorld world = InProcessWorld.onVirtualTime(n, EmulatedNetwork.none(), truth)) {
                    world.run((rank, transport) -> LmoScatterSweep.run(transport, 0, sweep, 1).ifPresent(scatter::set),
                            Duration.ofMinutes(5));
                }
                double s = LmoThresholds.scatterThreshold(x, scatter.get());
                LmoParameters p = LmoEstimation.estimate(experiments.get(), Double.isNaN(s) ? Double.NaN : s).parameters();
                double[] err = errors(truth, p);
                LmoCollectives model = new LmoCollectives(p, s, Double.NaN, Double.NaN, 0, 0);
                double[] hockney = hockney(experiments.get());
                LogGPParameters loggp = loggp(experiments.get(), n);
                double lmoWorst = 0;
                double hockneyWorst = 0;
                double loggpWorst = 0;
                for (int k = 0; k < sweep.length; k++) {
                    double measured = scatter.get()[k];
                    double lmo = model.scatter(0, sweep[k]);
                    double homogeneous = (n - 1) * (hockney[0] + hockney[1] * sweep[k]);
                    double simulated = new ScheduleSimulator(SimulationConfig.of(loggp)).run(ScheduleSource.forCall(
                            ScatterAlgorithm.LINEAR, n, sweep[k], DataType.BYTE, null)).maxFinishTime();
                    loggpWorst = Math.max(loggpWorst, Math.abs(simulated / measured - 1));
                    lmoWorst = Math.max(lmoWorst, Math.abs(lmo / measured - 1));
                    hockneyWorst = Math.max(hockneyWorst, Math.abs(homogeneous / measured - 1));
                    Map<String, Object> r = results.row("lmo-scatter");
                    r.put("network", kind.toString().toLowerCase(Locale.ROOT));
                    r.put("n", n);
                    r.put("bytes", sweep[k]);
                    r.put("measured_us", measured / 1e3);
                    r.put("lmo_us", lmo / 1e3);
                    r.put("hockney_us", homogeneous / 1e3);
                    r.put("loggp_us", simulated / 1e3);
                }
                Map<String, Object> r = results.row("lmo");
                r.put("network", kind.toString().toLowerCase(Locale.ROOT));
                r.put("n", n);
                r.put("c_max_error_pct", 100 * err[0]);
                r.put("t_max_error_pct", 100 * err[1]);
                r.put("inverse_beta_max_error_pct", 100 * err[2]);
                r.put("s_found_bytes", s);
                r.put("s_planted_bytes", THRESHOLD);
                r.put("experiments_wall_s", wall);
                r.put("lmo_scatter_max_error_pct", 100 * lmoWorst);
                r.put("hockney_scatter_max_error_pct", 100 * hockneyWorst);
                r.put("loggp_scatter_max_error_pct", 100 * loggpWorst);
                log.printf(Locale.ROOT, "%-15s %3d %10.2f %10.2f %10.2f %12.0f %12.2f %14.1f %14.1f %14.1f%n",
                        kind.toString().toLowerCase(Locale.ROOT), n, 100 * err[0], 100 * err[1], 100 * err[2], s, wall, 100 * lmoWorst,
                        100 * hockneyWorst, 100 * loggpWorst);
            }
        }
    }

    /** The largest relative error of C, of t and of 1/beta. */
    static double[] errors(Heterogeneity truth, LmoParameters p) {
        double[] worst = new double[3];
        int n = truth.size();
        for (int i = 0; i < n; i++) {
            worst[0] = Math.max(worst[0], Math.abs(p.c(i) / truth.fixedNanos()[i] - 1));
            worst[1] = Math.max(worst[1], Math.abs(p.t(i) / truth.perByteNanos()[i] - 1));
            for (int j = i + 1; j < n; j++) {
                worst[2] = Math.max(worst[2], Math.abs(p.inverseBeta(i, j) / truth.linkNanosPerByte()[i][j] - 1));
            }
        }
        return worst;
    }

    /**
     * Homogeneous LogGP from the same experiments, for nbc's linear scatter in the schedule
     * simulator: o from the mean empty roundtrip (2 o_s + 2 o_r, L taken as 0), g = o, and G the mean
     * per-byte time of a roundtrip of M bytes over all pairs.
     */
    static LogGPParameters loggp(LmoExperiments e, int n) {
        double[] h = hockney(e);
        double o = h[0] / 2;
        return new LogGPParameters(0, o, o, h[1], n, 0);
    }

    /** Hockney's alpha (ns) and beta (ns per byte) from the same experiments: means over all pairs. */
    static double[] hockney(LmoExperiments e) {
        double alpha = 0;
        double beta = 0;
        int pairs = 0;
        for (int i = 0; i < e.size(); i++) {
            for (int j = i + 1; j < e.size(); j++) {
                alpha += e.emptyRoundtrip(i, j) / 2;
                beta += (e.roundtrip(i, j) - e.emptyRoundtrip(i, j)) / e.messageBytes();
                pairs++;
            }
        }
        return new double[] {alpha / pairs, beta / pairs};
    }
}
