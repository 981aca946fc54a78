package dev.nbc.bench.lmo;

import dev.nbc.bench.report.Results;
import dev.nbc.core.transport.inprocess.Heterogeneity;
import dev.nbc.models.lmo.LmoCollectives;
import dev.nbc.models.lmo.LmoEstimation;
import dev.nbc.models.lmo.LmoExperiments;
import dev.nbc.models.lmo.LmoParameters;
import dev.nbc.models.lmo.LmoSweepFit;
import dev.nbc.models.lmo.PlantedNetworks;
import dev.nbc.models.lmo.PlantedRuns;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.ScheduleSimulator;
import dev.nbc.models.simulation.ScheduleSource;
import dev.nbc.models.simulation.SimulationConfig;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Algorithm;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * LMO against planted heterogeneous networks ({@link PlantedRuns}): on the in-process transport
 * with {@link Heterogeneity}, on virtual time, the experiments recover C_i, t_i and beta_ij, root
 * 0's scatter and gather sweeps give S, M1, M2 and the fitting constants, and LMO's predictions
 * for each root asked for are set beside that root's measured times and beside the homogeneous
 * predictions from the same experiments: Hockney (alpha the mean empty one-way time, beta the mean
 * per-byte time over all pairs: (n - 1)(alpha + beta M)) and LogGP (nbc's linear scatter and
 * gather in the schedule simulator, {@link #loggp}).
 */
public final class LmoValidation {
    private LmoValidation() {
    }

    /** LogGP's time of {@code algorithm} (root 0) on {@code n} ranks with blocks of {@code bytes}, by the schedule simulator. */
    private static double simulated(Algorithm algorithm, int n, int bytes, LogGPParameters loggp) {
        return new ScheduleSimulator(SimulationConfig.of(loggp)).run(ScheduleSource.forCall(algorithm, n, bytes, DataType.BYTE, null))
                .maxFinishTime();
    }

    /**
     * Per planted network and n, the experiments and root 0's sweeps fit both LMO models (the
     * closed forms and the composition in the algorithms' order, {@link LmoSweepFit}); then for
     * each of {@code roots} (a negative one counts from the end: -1 is n - 1) a scatter and a
     * gather sweep from that root are set beside the predictions for it.
     */
    public static void run(List<PlantedNetworks.Kind> kinds, List<Integer> sizes, List<Integer> roots, Results results, PrintStream log) {
        log.printf(Locale.ROOT, "%-15s %3s %4s %8s %8s %9s %9s %7s %12s %13s %10s %8s %8s %8s %12s %13s %10s %10s%n", "network", "n", "root",
                "C err %", "t err %", "1/beta %", "S found", "wall s", "LMO scatter", "in order", "Hockney", "LogGP", "M1", "M2",
                "LMO gather", "in order", "Hockney", "LogGP");
        for (PlantedNetworks.Kind kind : kinds) {
            String network = kind.toString().toLowerCase(Locale.ROOT);
            for (int n : sizes) {
                Heterogeneity truth = PlantedRuns.network(kind, n);
                long t0 = System.nanoTime();
                LmoExperiments experiments = PlantedRuns.experiments(truth);
                double wall = (System.nanoTime() - t0) / 1e9;
                LmoSweepFit rootZero = PlantedRuns.sweeps(truth, 0);
                double s = rootZero.scatterThreshold();
                LmoParameters p = LmoEstimation.estimate(experiments, s).parameters();
                double[] err = errors(truth, p);
                LmoCollectives model = rootZero.closedForm(p, 0);
                LmoCollectives inOrder = rootZero.composed(p, 0);
                // the homogeneous models do not tell the roots apart: their predictions serve every root
                double[] h = hockney(experiments);
                LogGPParameters loggp = loggp(h, n);
                // ... and LogGP's simulation of a size is the same for every root: once per size
                Map<Integer, Double> gatherSimulated = new HashMap<>();
                Map<Integer, Double> scatterSimulated = new HashMap<>();
                for (int requested : roots) {
                    int root = Math.floorMod(requested, n);
                    LmoSweepFit measured = root == 0 ? rootZero : PlantedRuns.sweeps(truth, root);
                    double[] gx = measured.gatherSizes();
                    double[] gather = measured.gatherTimes();
                    double gatherWorst = 0;
                    double gatherInOrderWorst = 0;
                    double gatherHockneyWorst = 0;
                    double gatherLoggpWorst = 0;
                    for (int k = 0; k < gx.length; k++) {
                        int bytes = (int) gx[k];
                        double predicted = model.gather(root, bytes);
                        double predictedInOrder = inOrder.gatherInOrder(root, bytes);
                        double homogeneous = (n - 1) * (h[0] + h[1] * bytes);
                        double simulated = gatherSimulated.computeIfAbsent(bytes,
                                b -> simulated(GatherAlgorithm.LINEAR, n, b, loggp));
                        results.add("lmo-gather", new LmoSweepRow(network, n, root, bytes, gather[k] / 1e3,
                                Double.isNaN(predicted) ? null : predicted / 1e3,
                                Double.isNaN(predictedInOrder) ? null : predictedInOrder / 1e3, homogeneous / 1e3, simulated / 1e3));
                        if (!Double.isNaN(predictedInOrder)) {
                            gatherInOrderWorst = Math.max(gatherInOrderWorst, Math.abs(predictedInOrder / gather[k] - 1));
                        }
                        // the other models where the closed forms predict (not between M1 and M2)
                        if (!Double.isNaN(predicted)) {
                            gatherWorst = Math.max(gatherWorst, Math.abs(predicted / gather[k] - 1));
                            gatherHockneyWorst = Math.max(gatherHockneyWorst, Math.abs(homogeneous / gather[k] - 1));
                            gatherLoggpWorst = Math.max(gatherLoggpWorst, Math.abs(simulated / gather[k] - 1));
                        }
                    }
                    double[] sx = measured.scatterSizes();
                    double[] scatter = measured.scatterTimes();
                    double lmoWorst = 0;
                    double lmoInOrderWorst = 0;
                    double hockneyWorst = 0;
                    double loggpWorst = 0;
                    for (int k = 0; k < sx.length; k++) {
                        int bytes = (int) sx[k];
                        double lmo = model.scatter(root, bytes);
                        double lmoInOrder = inOrder.scatterInOrder(root, bytes);
                        double homogeneous = (n - 1) * (h[0] + h[1] * bytes);
                        double simulated = scatterSimulated.computeIfAbsent(bytes,
                                b -> simulated(ScatterAlgorithm.LINEAR, n, b, loggp));
                        loggpWorst = Math.max(loggpWorst, Math.abs(simulated / scatter[k] - 1));
                        lmoWorst = Math.max(lmoWorst, Math.abs(lmo / scatter[k] - 1));
                        lmoInOrderWorst = Math.max(lmoInOrderWorst, Math.abs(lmoInOrder / scatter[k] - 1));
                        hockneyWorst = Math.max(hockneyWorst, Math.abs(homogeneous / scatter[k] - 1));
                        results.add("lmo-scatter", new LmoSweepRow(network, n, root, bytes, scatter[k] / 1e3, lmo / 1e3, lmoInOrder / 1e3,
                                homogeneous / 1e3, simulated / 1e3));
                    }
                    results.add("lmo", new LmoValidationRow(network, n, root,
                            new LmoValidationRow.ParameterErrors(100 * err[0], 100 * err[1], 100 * err[2]),
                            new LmoValidationRow.Thresholds(s, model.gatherSmall(), PlantedRuns.GATHER_SMALL, model.gatherLarge(),
                                    PlantedRuns.GATHER_LARGE, model.kappa1(), model.kappa2()),
                            new LmoValidationRow.GatherErrors(100 * gatherWorst, 100 * gatherInOrderWorst, inOrder.kappa1(), inOrder.kappa2(),
                                    inOrder.escalation(), 100 * gatherHockneyWorst, 100 * gatherLoggpWorst),
                            PlantedRuns.SCATTER_THRESHOLD, wall, new LmoValidationRow.ScatterErrors(100 * lmoWorst, 100 * lmoInOrderWorst,
                                    100 * hockneyWorst, 100 * loggpWorst)));
                    log.printf(Locale.ROOT,
                            "%-15s %3d %4d %8.2f %8.2f %9.2f %9.0f %7.2f %11.1f%% %12.2f%% %9.1f%% %7.1f%% %8.0f %8.0f %11.1f%% %12.2f%% %9.1f%% %9.1f%%%n",
                            network, n, root, 100 * err[0], 100 * err[1], 100 * err[2], s, wall, 100 * lmoWorst, 100 * lmoInOrderWorst,
                            100 * hockneyWorst, 100 * loggpWorst, model.gatherSmall(), model.gatherLarge(), 100 * gatherWorst,
                            100 * gatherInOrderWorst, 100 * gatherHockneyWorst, 100 * gatherLoggpWorst);
                }
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
     * Homogeneous LogGP from the same experiments (Hockney's alpha and beta, {@link #hockney}), for nbc's linear scatter and gather in the schedule
     * simulator: o from the mean empty roundtrip (2 o_s + 2 o_r, L taken as 0), g = o, and G the mean
     * per-byte time of a roundtrip of M bytes over all pairs.
     */
    static LogGPParameters loggp(double[] h, int n) {
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
