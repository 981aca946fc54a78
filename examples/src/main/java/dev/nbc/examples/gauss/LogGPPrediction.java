package dev.nbc.examples.gauss;

import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.models.loggp.CollectiveEquations;
import dev.nbc.models.loggp.LogGPParameters;

/**
 * What the paper's LogGP equation (3) for a binomial broadcast, {@code (2o + L + mG) ceil(log2 P)}
 * (nbc-models' {@link CollectiveEquations#bcast}), predicts for the three variants on a planted
 * (emulated) network, given the measured cost of one element update {@code a_ij -= m a_kj}.
 *
 * <p>Per step k, with r = n-k-1 rows below the pivot and u(k) = r/P * c the time one rank needs to
 * update one row:
 * <ul>
 * <li>blocking (Listing 2): {@code B(4) + r (B(8) + u)}: every multiplier's broadcast and every row
 *     update in sequence;</li>
 * <li>look-ahead (Listing 3): {@code B(4) + B(8) + r max(B(8), u)}: one multiplier in flight while
 *     one row is updated, so a round costs the larger of the two;</li>
 * <li>column: {@code max(r c + B(8(r+1)), r u)}: the owner's look-ahead column and the next
 *     column's broadcast against everyone's trailing update.</li>
 * </ul>
 * plus, for all, the back substitution's P broadcasts of about n^2/(2P) doubles each. The software
 * cost of the engine per collective (a few microseconds on this machine) is not in the equations,
 * so the prediction is a lower bound that is close when L dominates.
 */
public final class LogGPPrediction {
    private final LogGPParameters parameters;
    private final double nanosPerUpdate;

    /** @param nanosPerUpdate measured time of one {@code a_ij -= m a_kj} on one rank */
    public LogGPPrediction(EmulatedNetwork network, double nanosPerUpdate) {
        double o = (network.oSend() + network.oReceive()) / 2;
        this.parameters = new LogGPParameters(network.L(), o, network.g(), network.G(), 1, 0);
        this.nanosPerUpdate = nanosPerUpdate;
    }

    /** Predicted solve time in nanoseconds. */
    public double nanos(Variant variant, int n, int size) {
        LogGPParameters p = parameters.withP(size);
        double total = 0;
        for (int k = 0; k < n; k++) {
            int r = n - k - 1;
            double u = (double) r / size * nanosPerUpdate;
            switch (variant) {
                case BLOCKING:
                    total += CollectiveEquations.bcast(p, 4) + r * (CollectiveEquations.bcast(p, 8) + u);
                    break;
                case LOOKAHEAD:
                    total += CollectiveEquations.bcast(p, 4)
                            + (r > 0 ? CollectiveEquations.bcast(p, 8) + r * Math.max(CollectiveEquations.bcast(p, 8), u) : 0);
                    break;
                default:
                    total += Math.max(r * nanosPerUpdate + CollectiveEquations.bcast(p, 8L * (r + 1)), r * u);
                    break;
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
