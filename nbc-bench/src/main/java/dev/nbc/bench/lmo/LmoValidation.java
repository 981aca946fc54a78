package dev.nbc.bench.lmo;

import dev.nbc.bench.report.Results;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.Heterogeneity;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import dev.nbc.models.lmo.LmoCollectives;
import dev.nbc.models.lmo.LmoEstimation;
import dev.nbc.models.lmo.LmoExperiments;
import dev.nbc.models.lmo.LmoGatherSweep;
import dev.nbc.models.lmo.LmoParameters;
import dev.nbc.models.lmo.LmoProtocol;
import dev.nbc.models.lmo.LmoScatterSweep;
import dev.nbc.models.lmo.LmoThresholds;
import dev.nbc.models.lmo.PlantedNetworks;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.ScheduleSimulator;
import dev.nbc.models.simulation.ScheduleSource;
import dev.nbc.models.simulation.SimulationConfig;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.datatype.DataType;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

/**
 * LMO against planted heterogeneous networks: on the in-process
 * transport with {@link Heterogeneity}, on virtual time, the experiments recover C_i, t_i and
 * beta_ij, a scatter sweep finds S, and LMO's scatter prediction is set beside the measured time
 * and beside the homogeneous predictions from the same experiments: Hockney (alpha the mean empty
 * one-way time, beta the mean per-byte time over all pairs: (n - 1)(alpha + beta M)) and LogGP
 * (nbc's linear scatter and gather in the schedule simulator, {@link #loggp}).
 */
public final class LmoValidation {
    /** The planted S: the one-to-two experiments use half of it. */
    static final long THRESHOLD = 2 << 20;
    /** The planted gather thresholds M1 and M2 and the escalation between them (a TCP-like timeout's size). */
    static final long GATHER_SMALL = 64 << 10;
    static final long GATHER_LARGE = 256 << 10;
    static final long ESCALATION_NANOS = 20_000_000;

    private LmoValidation() {
    }

    public static void run(List<PlantedNetworks.Kind> kinds, List<Integer> sizes, Results results, PrintStream log) {
        // scatter from 512 KiB, above the gather escalation the planted network also has; gather to 2 MiB
        int[] sweep = sizes(512 << 10, 9);
        double[] x = asDoubles(sweep);
        int[] gatherSweep = sizes(4 << 10, 19);
        double[] gx = asDoubles(gatherSweep);
        log.printf(Locale.ROOT, "%-15s %3s %8s %8s %9s %9s %7s %12s %13s %10s %8s %8s %8s %12s %13s %10s %10s%n", "network", "n", "C err %",
                "t err %", "1/beta %", "S found", "wall s", "LMO scatter", "in order", "Hockney", "LogGP", "M1", "M2", "LMO gather",
                "in order", "Hockney", "LogGP");
        for (PlantedNetworks.Kind kind : kinds) {
            for (int n : sizes) {
                Heterogeneity truth = PlantedNetworks.of(kind, n, n, THRESHOLD, GATHER_SMALL, GATHER_LARGE, ESCALATION_NANOS);
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
                AtomicReference<double[]> gather = new AtomicReference<>();
                try (InProcessWorld world = InProcessWorld.onVirtualTime(n, EmulatedNetwork.none(), truth)) {
                    world.run((rank, transport) -> LmoGatherSweep.run(transport, 0, gatherSweep, 1).ifPresent(gather::set),
                            Duration.ofMinutes(5));
                }
                double s = LmoThresholds.scatterThreshold(x, scatter.get());
                double m1 = LmoThresholds.gatherSmall(gx, gather.get());
                double m2 = LmoThresholds.gatherLarge(gx, gather.get(), m1);
                LmoParameters p = LmoEstimation.estimate(experiments.get(), Double.isNaN(s) ? Double.NaN : s).parameters();
                double[] err = errors(truth, p);
                LmoCollectives base = new LmoCollectives(p, s, m1, m2, 0, 0);
                double kappa1 = LmoThresholds.slopeCorrection(gx, gather.get(), 0, m1, base.parallelSlope(0));
                double kappa2 = LmoThresholds.slopeCorrection(gx, gather.get(), Math.nextUp(m2), Double.MAX_VALUE, base.serialSlope(0));
                LmoCollectives model = new LmoCollectives(p, s, m1, m2, kappa1, kappa2);
                // the same point-to-point model along the order the linear algorithms run in (LmoCollectives.scatterInOrder)
                double inOrderKappa1 = LmoThresholds.residualSlope(gx, gather.get(), 0, m1, size -> base.gatherComposed(0, size));
                double inOrderKappa2 = LmoThresholds.residualSlope(gx, gather.get(), Math.nextUp(m2), Double.MAX_VALUE,
                        size -> base.gatherComposed(0, size));
                LmoCollectives inOrder = new LmoCollectives(p, s, m1, m2, inOrderKappa1, inOrderKappa2);
                double gatherWorst = 0;
                double gatherInOrderWorst = 0;
                double gatherHockneyWorst = 0;
                double gatherLoggpWorst = 0;
                double[] h = hockney(experiments.get());
                LogGPParameters loggp = loggp(h, n);
                for (int k = 0; k < gatherSweep.length; k++) {
                    double predicted = model.gather(0, gatherSweep[k]);
                    double predictedInOrder = inOrder.gatherInOrder(0, gatherSweep[k]);
                    double measured = gather.get()[k];
                    double homogeneous = (n - 1) * (h[0] + h[1] * gatherSweep[k]);
                    double simulated = new ScheduleSimulator(SimulationConfig.of(loggp)).run(ScheduleSource.forCall(
                            GatherAlgorithm.LINEAR, n, gatherSweep[k], DataType.BYTE, null)).maxFinishTime();
                    results.add("lmo-gather", new LmoSweepRow(kind.toString().toLowerCase(Locale.ROOT), n, gatherSweep[k], measured / 1e3,
                            Double.isNaN(predicted) ? null : predicted / 1e3,
                            Double.isNaN(predictedInOrder) ? null : predictedInOrder / 1e3, homogeneous / 1e3, simulated / 1e3));
                    if (!Double.isNaN(predicted)) {
                        gatherWorst = Math.max(gatherWorst, Math.abs(predicted / measured - 1));
                        gatherInOrderWorst = Math.max(gatherInOrderWorst, Math.abs(predictedInOrder / measured - 1));
                        gatherHockneyWorst = Math.max(gatherHockneyWorst, Math.abs(homogeneous / measured - 1));
                        gatherLoggpWorst = Math.max(gatherLoggpWorst, Math.abs(simulated / measured - 1));
                    }
                }
                double lmoWorst = 0;
                double lmoInOrderWorst = 0;
                double hockneyWorst = 0;
                double loggpWorst = 0;
                for (int k = 0; k < sweep.length; k++) {
                    double measured = scatter.get()[k];
                    double lmo = model.scatter(0, sweep[k]);
                    double lmoInOrder = model.scatterInOrder(0, sweep[k]);
                    double homogeneous = (n - 1) * (h[0] + h[1] * sweep[k]);
                    double simulated = new ScheduleSimulator(SimulationConfig.of(loggp)).run(ScheduleSource.forCall(
                            ScatterAlgorithm.LINEAR, n, sweep[k], DataType.BYTE, null)).maxFinishTime();
                    loggpWorst = Math.max(loggpWorst, Math.abs(simulated / measured - 1));
                    lmoWorst = Math.max(lmoWorst, Math.abs(lmo / measured - 1));
                    lmoInOrderWorst = Math.max(lmoInOrderWorst, Math.abs(lmoInOrder / measured - 1));
                    hockneyWorst = Math.max(hockneyWorst, Math.abs(homogeneous / measured - 1));
                    results.add("lmo-scatter", new LmoSweepRow(kind.toString().toLowerCase(Locale.ROOT), n, sweep[k], measured / 1e3,
                            lmo / 1e3, lmoInOrder / 1e3, homogeneous / 1e3, simulated / 1e3));
                }
                results.add("lmo", new LmoValidationRow(kind.toString().toLowerCase(Locale.ROOT), n,
                        new LmoValidationRow.ParameterErrors(100 * err[0], 100 * err[1], 100 * err[2]),
                        new LmoValidationRow.Thresholds(s, m1, GATHER_SMALL, m2, GATHER_LARGE, kappa1, kappa2),
                        new LmoValidationRow.GatherErrors(100 * gatherWorst, 100 * gatherInOrderWorst, inOrderKappa1, inOrderKappa2,
                                100 * gatherHockneyWorst, 100 * gatherLoggpWorst),
                        THRESHOLD, wall, new LmoValidationRow.ScatterErrors(100 * lmoWorst, 100 * lmoInOrderWorst, 100 * hockneyWorst,
                                100 * loggpWorst)));
                log.printf(Locale.ROOT, "%-15s %3d %8.2f %8.2f %9.2f %9.0f %7.2f %11.1f%% %12.1f%% %9.1f%% %7.1f%% %8.0f %8.0f %11.1f%% %12.1f%% %9.1f%% %9.1f%%%n",
                        kind.toString().toLowerCase(Locale.ROOT), n, 100 * err[0], 100 * err[1], 100 * err[2], s, wall, 100 * lmoWorst,
                        100 * lmoInOrderWorst, 100 * hockneyWorst, 100 * loggpWorst, m1, m2, 100 * gatherWorst, 100 * gatherInOrderWorst,
                        100 * gatherHockneyWorst, 100 * gatherLoggpWorst);
            }
        }
    }

    /** {@code count} sizes from {@code first}, a factor sqrt 2 apart. */
    static int[] sizes(int first, int count) {
        int[] sizes = new int[count];
        for (int k = 0; k < count; k++) {
            sizes[k] = (int) Math.round(first * Math.pow(2, k / 2.0));
        }
        return sizes;
    }

    private static double[] asDoubles(int[] values) {
        double[] d = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            d[i] = values[i];
        }
        return d;
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
