package dev.nbc.models.lmo;

/**
 * Linear scatter and gather predicted by LMO (paper 001, section 3), root r to the other n - 1:
 * <ul>
 *   <li>scatter, M <= S (parallel): (n-1)(C_r + t_r M) + max_i (C_i + t_i M + M / beta_ri);
 *       M > S (serialised): (n-1)(C_r + t_r M) + sum_i (C_i + t_i M + M / beta_ri);</li>
 *   <li>gather, M < M1: the parallel form + kappa_1 M; M > M2: the serialised form + kappa_2 M;
 *       between them the paper saw discrete escalations that no formula predicts (NaN here).</li>
 * </ul>
 *
 * @param scatterThreshold S, bytes
 * @param gatherSmall      M1, bytes
 * @param gatherLarge      M2, bytes
 * @param kappa1           slope correction of small gathers, ns per byte
 * @param kappa2           slope correction of large gathers, ns per byte
 */
public record LmoCollectives(LmoParameters parameters, double scatterThreshold, double gatherSmall, double gatherLarge,
                             double kappa1, double kappa2) {

    public double scatter(int root, double m) {
        return rootPart(root, m) + (m <= scatterThreshold ? maxLeaf(root, m) : sumLeaves(root, m));
    }

    public double gather(int root, double m) {
        if (m < gatherSmall) {
            return rootPart(root, m) + maxLeaf(root, m) + kappa1 * m;
        }
        if (m > gatherLarge) {
            return rootPart(root, m) + sumLeaves(root, m) + kappa2 * m;
        }
        return Double.NaN;
    }

    /** The slope of the parallel forms without kappa: (n-1) t_r + max over i != r of (t_i + 1/beta_ri), ns per byte. */
    public double parallelSlope(int root) {
        double max = 0;
        for (int i = 0; i < parameters.size(); i++) {
            if (i != root) {
                max = Math.max(max, parameters.t(i) + parameters.inverseBeta(root, i));
            }
        }
        return (parameters.size() - 1) * parameters.t(root) + max;
    }

    /** The slope of the serialised forms without kappa: (n-1) t_r + sum over i != r of (t_i + 1/beta_ri), ns per byte. */
    public double serialSlope(int root) {
        double sum = 0;
        for (int i = 0; i < parameters.size(); i++) {
            if (i != root) {
                sum += parameters.t(i) + parameters.inverseBeta(root, i);
            }
        }
        return (parameters.size() - 1) * parameters.t(root) + sum;
    }

    private double rootPart(int root, double m) {
        return (parameters.size() - 1) * (parameters.c(root) + parameters.t(root) * m);
    }

    private double leaf(int root, int i, double m) {
        return parameters.c(i) + parameters.t(i) * m + m * parameters.inverseBeta(root, i);
    }

    /** The slowest destination: max over i != root of C_i + t_i M + M / beta_ri. */
    double maxLeaf(int root, double m) {
        double max = 0;
        for (int i = 0; i < parameters.size(); i++) {
            if (i != root) {
                max = Math.max(max, leaf(root, i, m));
            }
        }
        return max;
    }

    /** All destinations in a row: sum over i != root. */
    double sumLeaves(int root, double m) {
        double sum = 0;
        for (int i = 0; i < parameters.size(); i++) {
            if (i != root) {
                sum += leaf(root, i, m);
            }
        }
        return sum;
    }
}
