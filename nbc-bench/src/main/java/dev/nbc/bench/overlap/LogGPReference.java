package dev.nbc.bench.overlap;

import dev.nbc.bench.ops.Collective;
import dev.nbc.bench.ranks.Control;
import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.models.loggp.CollectiveEquations;
import dev.nbc.models.loggp.CostSplit;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.ScheduleSimulator;
import dev.nbc.models.simulation.ScheduleSource;
import dev.nbc.models.simulation.SimulationConfig;
import dev.nbc.models.simulation.SimulationResult;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The LogGP-predicted overlap beside a measured one (nbc-models): the overlap potential
 * {@code 1 - t_CPU / t_total} of the paper's equations (4)-(6), and of the schedule simulator
 * running the schedule of the algorithm nbc's selector picks. Parameters are the planted ones of
 * an emulated network, or assessed here on the transport under test ({@link #assess}).
 */
public final class LogGPReference {
    private final LogGPParameters parameters;
    private final String source;

    public LogGPReference(LogGPParameters parameters, String source) {
        this.parameters = parameters;
        this.source = source;
    }

    public LogGPParameters parameters() {
        return parameters;
    }

    /** "planted" or "assessed". */
    public String source() {
        return source;
    }

    public static LogGPReference planted(EmulatedNetwork n, int p, double gamma) {
        return new LogGPReference(new LogGPParameters(n.L(), (n.oSend() + n.oReceive()) / 2, n.g(), n.G(), p, gamma),
                "planted");
    }

    /** Equations (4)-(6): overlap potential in percent. */
    public double equationOverlap(Collective c, int bytes) {
        CostSplit split = switch (c) {
            case BARRIER -> CollectiveEquations.barrierSplit(parameters);
            case BCAST -> CollectiveEquations.bcastSplit(parameters, bytes);
            case ALLREDUCE -> CollectiveEquations.allreduceSplit(parameters, bytes);
        };
        return 100 * split.overlapPotential();
    }

    /** The simulator on nbc's default algorithm: mean over ranks of 1 - cpuBusy / finish, percent. */
    public double simulatedOverlap(Collective c, int bytes) {
        int p = parameters.P();
        if (p < 2) {
            return 0;
        }
        AlgorithmSelector sel = AlgorithmSelector.defaults();
        int count = c.count(bytes);
        ScheduleSource src = switch (c) {
            case BARRIER -> ScheduleSource.barrier(BarrierAlgorithm.DISSEMINATION, p);
            case BCAST -> ScheduleSource.bcast(sel.bcast(bytes, p), p, 0, count, DataType.DOUBLE, sel.segmentBytes());
            case ALLREDUCE -> ScheduleSource.allreduce(sel.allreduce(count, bytes, p, ReduceOp.SUM), p, count,
                    DataType.DOUBLE, ReduceOp.SUM, false);
        };
        try {
            SimulationResult r = new ScheduleSimulator(SimulationConfig.of(parameters)).run(src);
            return 100 * r.meanOverlapPotential();
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    /** gamma: ns per byte of summing two double arrays (the reduction's CPU cost), median of runs. */
    public static double measureGamma() {
        int n = 1 << 17;
        ByteBuffer a = Control.direct(n * 8);
        ByteBuffer b = Control.direct(n * 8);
        double[] t = new double[15];
        for (int rep = 0; rep < t.length; rep++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                int off = i * 8;
                b.putDouble(off, a.getDouble(off) + b.getDouble(off));
            }
            t[rep] = (System.nanoTime() - t0) / (double) (n * 8);
        }
        Arrays.sort(t);
        return t[t.length / 2];
    }

    /**
     * A quick LogGP assessment on the control plane between ranks 0 and 1 (collective over the
     * group; ranks above 1 only take part in the final broadcast): o = median cost of posting a
     * small send; L = half the smallest 8-byte round trip - 2o (at least 0); G = slope of the half
     * round trip between 64 KiB and 1 MiB; g = o (not separable this quickly); gamma measured
     * locally. Netgauge-style in spirit, coarse by design.
     */
    public static LogGPReference assess(Control control, int p) {
        double[] v = new double[5];
        if (control.size() >= 2 && control.rank() <= 1) {
            int peer = 1 - control.rank();
            double half8 = halfRoundTrip(control, peer, 8, 200);
            double half64k = halfRoundTrip(control, peer, 64 << 10, 30);
            double half1m = halfRoundTrip(control, peer, 1 << 20, 10);
            double o = postCost(control, peer);
            if (control.rank() == 0) {
                double G = Math.max(0, (half1m - half64k) / ((1 << 20) - (64 << 10)));
                double L = Math.max(0, half8 - 2 * o);
                v = new double[] {L, o, o, G, measureGamma()};
            }
        }
        double[] agreed = control.bcast(v, 5);
        return new LogGPReference(new LogGPParameters(agreed[0], agreed[1], agreed[2], agreed[3], p, agreed[4]),
                "assessed");
    }

    private static double halfRoundTrip(Control control, int peer, int bytes, int reps) {
        ByteBuffer buf = Control.direct(bytes);
        long best = Long.MAX_VALUE;
        for (int i = 0; i < reps + 5; i++) {
            long t0 = System.nanoTime();
            if (control.rank() == 0) {
                control.send(buf, bytes, peer, 50);
                control.receive(buf, bytes, peer, 51);
            } else {
                control.receive(buf, bytes, peer, 50);
                control.send(buf, bytes, peer, 51);
            }
            best = Math.min(best, System.nanoTime() - t0);
        }
        return best / 2.0;
    }

    /** Rank 0 posts 100 small sends back to back and times the posting; rank 1 receives them. */
    private static double postCost(Control control, int peer) {
        int k = 100;
        ByteBuffer buf = Control.direct(8);
        if (control.rank() == 0) {
            PendingOperation[] ops = new PendingOperation[k];
            long t0 = System.nanoTime();
            for (int i = 0; i < k; i++) {
                ops[i] = control.transport().send(buf, 0, 8, peer, 52);
            }
            long dt = System.nanoTime() - t0;
            for (PendingOperation op : ops) {
                Control.await(op);
            }
            return dt / (double) k;
        }
        for (int i = 0; i < k; i++) {
            control.receive(buf, 8, peer, 52);
        }
        return 0;
    }
}
