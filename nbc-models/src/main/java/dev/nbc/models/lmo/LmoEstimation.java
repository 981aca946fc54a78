package dev.nbc.models.lmo;

/**
 * The LMO estimation of paper 001, section 3: 2n + C(n,2) unknowns from C(n,2) empty roundtrips,
 * C(n,2) roundtrips of M bytes with empty replies and 3 C(n,3) one-to-two experiments, by solving
 * small linear systems:
 * <ul>
 *   <li>C_i: every triplet i, j, k gives T_ij(0) = 2C_i + 2C_j, T_jk(0) = 2C_j + 2C_k,
 *       T_ki(0) = 2C_k + 2C_i, so C_i = (T_ij(0) + T_ki(0) - T_jk(0)) / 4; averaged over the
 *       C(n-1, 2) triplets that contain i;</li>
 *   <li>t_i: the one-to-two experiment with root i to j and k, where j is the one with the longer
 *       roundtrip (T_ij(M) > T_ik(M)), gives t_i = (T_i(M) - T_ij(M) - 2C_i) / M; averaged over
 *       the C(n-1, 2) pairs j, k;</li>
 *   <li>1 / beta_ij = (T_ij(M) - 2C_i - 2C_j) / M - t_i - t_j.</li>
 * </ul>
 * On exact times (a planted model) it recovers the parameters exactly; the spread of the
 * triplets' values is what measurement noise did to them.
 */
public final class LmoEstimation {
    private LmoEstimation() {
    }

    /** The parameters, and per processor the spread (max - min) of its triplets' C_i and t_i values. */
    public record Result(LmoParameters parameters, double[] cSpread, double[] tSpread) {
    }

    /**
     * @param scatterThreshold the scatter threshold S (bytes) the experiments must stay below, or
     *                         NaN if not known yet
     * @throws IllegalArgumentException if the experiments' message size is above S
     */
    public static Result estimate(LmoExperiments e, double scatterThreshold) {
        if (e.messageBytes() > scatterThreshold) {
            throw new IllegalArgumentException("experiments: the one-to-two experiments must use messages of at most S = "
                    + scatterThreshold + " bytes, where scatter is parallel, but used " + e.messageBytes());
        }
        int n = e.size();
        double m = e.messageBytes();
        double[] c = new double[n];
        double[] cSpread = new double[n];
        for (int i = 0; i < n; i++) {
            Stats s = new Stats();
            for (int j = 0; j < n; j++) {
                for (int k = j + 1; k < n; k++) {
                    if (j != i && k != i) {
                        s.add((e.emptyRoundtrip(i, j) + e.emptyRoundtrip(k, i) - e.emptyRoundtrip(j, k)) / 4);
                    }
                }
            }
            c[i] = s.mean();
            cSpread[i] = s.spread();
        }
        double[] t = new double[n];
        double[] tSpread = new double[n];
        for (int i = 0; i < n; i++) {
            Stats s = new Stats();
            for (int j = 0; j < n; j++) {
                for (int k = j + 1; k < n; k++) {
                    if (j != i && k != i) {
                        int slower = e.roundtrip(i, j) >= e.roundtrip(i, k) ? j : k;
                        s.add((e.oneToTwo(i, j, k) - e.roundtrip(i, slower) - 2 * c[i]) / m);
                    }
                }
            }
            t[i] = s.mean();
            tSpread[i] = s.spread();
        }
        double[][] inverseBeta = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                inverseBeta[i][j] = inverseBeta[j][i] = (e.roundtrip(i, j) - 2 * c[i] - 2 * c[j]) / m - t[i] - t[j];
            }
        }
        return new Result(new LmoParameters(c, t, inverseBeta), cSpread, tSpread);
    }

    private static final class Stats {
        private double sum;
        private int count;
        private double min = Double.POSITIVE_INFINITY;
        private double max = Double.NEGATIVE_INFINITY;

        void add(double v) {
            sum += v;
            count++;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }

        double mean() {
            return sum / count;
        }

        double spread() {
            return max - min;
        }
    }
}
