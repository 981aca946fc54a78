package dev.nbc.examples.gauss;

import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.models.loggp.CollectiveEquations;
import dev.nbc.models.loggp.LogGPParameters;

/**
 * What the paper's LogGP equations for a binomial broadcast predict for the three variants on a
 * planted (emulated) network: equation (3), {@code B(m) = (2o + L + mG) ceil(log2 P)}, and its CPU
 * part from equation (6), {@code C = 2o ceil(log2 P)} (nbc-models' {@link CollectiveEquations}),
 * given the measured cost c of one element update {@code a_ij -= m a_kj}.
 *
 * <p>The key observation, which the first version of this model missed (it charged B(8) per
 * multiplier and overestimated the blocking variant 8-10x): within one step k all multipliers come
 * from the same root, and a broadcast does not make the root wait for its receivers. The root
 * runs ahead by the latency, so consecutive broadcasts pipeline: each step pays the full B for
 * the pivot and the first multiplier, and after that every multiplier costs only the CPU part C,
 * which cannot overlap the row update because both run on the same CPU. Per step k, with r = n-k-1
 * rows below the pivot and u = r/P c s the time one rank needs to update one row:
 * <ul>
 * <li>blocking (Listing 2) and look-ahead (Listing 3) alike: {@code B(4) + B(8) + r (C + u)}. The
 *     look-ahead hides the wait for a multiplier, but in the pipelined regime the multiplier has
 *     already arrived, so there is nothing left to hide;</li>
 * <li>column: {@code max(r c s + B(8(r+1)), r u) + C}: the owner's look-ahead column and the next
 *     column's broadcast against everyone's trailing update.</li>
 * </ul>
 * plus, for all, the back substitution's P broadcasts of about n^2/(2P) doubles each. s =
 * max(1, P / cores) accounts for more ranks than cores (on the 2-core machine P = 4 runs two ranks
 * per core). Not modelled: the engine's own software cost per collective (about 1-3 us per rank on
 * this machine, the dominant term of the blocking variant at P = 4) and the progress threads'
 * share of the cores; so the prediction is a lower bound.
 */
public final class LogGPPrediction {
    private final LogGPParameters parameters;
    private final double nanosPerUpdate;
    private final int cores;

    /**
     * @param nanosPerUpdate time of one {@code a_ij -= m a_kj} on one rank at the problem's size
     *                       (calibrated by the driver from a P = 1 solve, whose matrix is as large
     *                       as the measured one: in-cache kernels are 3-5x faster)
     */
    public LogGPPrediction(EmulatedNetwork network, double nanosPerUpdate) {
        this.parameters = LogGPParameters.of(network, 1, 0);
        this.nanosPerUpdate = nanosPerUpdate;
        this.cores = Runtime.getRuntime().availableProcessors();
    }

    /** Predicted solve time in nanoseconds. */
    public double nanos(Variant variant, int n, int size) {
        LogGPParameters p = parameters.withP(size);
        double cpuPerBcast = CollectiveEquations.bcastSplit(p, 8).cpu();
        double c = nanosPerUpdate * Math.max(1.0, (double) size / cores);
        double total = 0;
        for (int k = 0; k < n; k++) {
            int r = n - k - 1;
            double u = (double) r / size * c;
            if (variant == Variant.COLUMN) {
                total += Math.max(r * c + CollectiveEquations.bcast(p, 8L * (r + 1)), r * u) + cpuPerBcast;
            } else {
                total += CollectiveEquations.bcast(p, 4) + (r > 0 ? CollectiveEquations.bcast(p, 8) + r * (cpuPerBcast + u) : 0);
            }
        }
        double packed = (double) n * (n + 1) / 2 / size * 8;
        return total + size * CollectiveEquations.bcast(p, (long) packed);
    }

    /**
     * Times the update kernel on this machine: rows of {@code length} elements, as in the solver's
     * {@code updateRow}. Nanoseconds per element.
     */
    public static double measureNanosPerUpdate(int length) {
        int len = Math.max(length, 16);
        double[] row = new double[len];
        double[] pivotRow = new double[len];
        java.util.Arrays.fill(pivotRow, 1e-3);
        double best = Double.MAX_VALUE;
        for (int trial = 0; trial < 20; trial++) {
            int reps = Math.max(1, 2_000_000 / len);
            long start = System.nanoTime();
            for (int r = 0; r < reps; r++) {
                double m = 1e-9 * r;
                for (int j = 0; j < len; j++) {
                    row[j] -= m * pivotRow[j];
                }
            }
            best = Math.min(best, (double) (System.nanoTime() - start) / ((long) reps * len));
        }
        if (row[0] == 42) {
            System.out.print("");
        }
        return best;
    }
}
