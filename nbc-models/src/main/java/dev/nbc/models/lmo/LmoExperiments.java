package dev.nbc.models.lmo;

/**
 * The measured times the LMO estimation needs (paper 001, section 3), ns: the empty roundtrips
 * T_ij(0) of every pair, the roundtrips T_ij(M) of M bytes out and an empty reply, and the
 * one-to-two experiments T_i(M) of every triplet with each of its three as the root, all with
 * one message size M (below the scatter threshold S, where the one-to-two experiment is a parallel
 * scatter: section 3).
 */
public final class LmoExperiments {
    private final int n;
    private final double m;
    private final double[][] empty;
    private final double[][] roundtrip;
    private final double[][][] oneToTwo;

    /** Empty experiments for {@code n} processors and messages of {@code m} bytes: fill with {@link #set...}. */
    public LmoExperiments(int n, double m) {
        if (n < 3) {
            throw new IllegalArgumentException("n: the triplet experiments need at least 3 processors, but got " + n);
        }
        if (!(m > 0) || Double.isInfinite(m)) {
            throw new IllegalArgumentException("m: must be a positive message size in bytes, but was " + m);
        }
        this.n = n;
        this.m = m;
        empty = nan(n);
        roundtrip = nan(n);
        oneToTwo = new double[n][][];
        for (int i = 0; i < n; i++) {
            oneToTwo[i] = nan(n);
        }
    }

    /** The experiments the model {@code truth} predicts: a planted network's exact answers. */
    public static LmoExperiments of(LmoParameters truth, double m) {
        LmoExperiments e = new LmoExperiments(truth.size(), m);
        for (int i = 0; i < e.n; i++) {
            for (int j = i + 1; j < e.n; j++) {
                e.setEmptyRoundtrip(i, j, truth.roundtrip(i, j, 0, 0));
                e.setRoundtrip(i, j, truth.roundtrip(i, j, m, 0));
                for (int k = j + 1; k < e.n; k++) {
                    e.setOneToTwo(i, j, k, truth.oneToTwo(i, j, k, m));
                    e.setOneToTwo(j, i, k, truth.oneToTwo(j, i, k, m));
                    e.setOneToTwo(k, i, j, truth.oneToTwo(k, i, j, m));
                }
            }
        }
        return e;
    }

    private static double[][] nan(int n) {
        double[][] a = new double[n][n];
        for (double[] row : a) {
            java.util.Arrays.fill(row, Double.NaN);
        }
        return a;
    }

    public int size() {
        return n;
    }

    public double messageBytes() {
        return m;
    }

    public void setEmptyRoundtrip(int i, int j, double nanos) {
        empty[i][j] = empty[j][i] = check(nanos);
    }

    public void setRoundtrip(int i, int j, double nanos) {
        roundtrip[i][j] = roundtrip[j][i] = check(nanos);
    }

    /** Root {@code i} sending to {@code j} and {@code k}. */
    public void setOneToTwo(int i, int j, int k, double nanos) {
        oneToTwo[i][j][k] = oneToTwo[i][k][j] = check(nanos);
    }

    public double emptyRoundtrip(int i, int j) {
        return present(empty[i][j], "empty roundtrip " + i + "-" + j);
    }

    public double roundtrip(int i, int j) {
        return present(roundtrip[i][j], "roundtrip " + i + "-" + j);
    }

    public double oneToTwo(int i, int j, int k) {
        return present(oneToTwo[i][j][k], "one-to-two " + i + " -> " + j + ", " + k);
    }

    private static double check(double nanos) {
        if (!(nanos >= 0) || Double.isInfinite(nanos)) {
            throw new IllegalArgumentException("nanos: a time must be finite and >= 0, but was " + nanos);
        }
        return nanos;
    }

    private static double present(double v, String what) {
        if (Double.isNaN(v)) {
            throw new IllegalStateException("experiments: the " + what + " was not measured");
        }
        return v;
    }
}
