package dev.nbc.models.lmo;

/**
 * The heterogeneous point-to-point model LMO (Lastovetsky, Rychkov, O'Flynn; paper 001): sending
 * M bytes from processor i to processor j takes C_i + t_i M + C_j + t_j M + M / beta_ij, where C
 * is a processor's fixed delay, t its delay per byte and beta_ij the link's transmission rate
 * (symmetric: one switch). Times in ns, t in ns per byte; the link is kept as 1 / beta_ij, ns per
 * byte, so that an infinitely fast link is 0.
 */
public final class LmoParameters {
    private final double[] c;
    private final double[] t;
    private final double[][] inverseBeta;

    /**
     * @param c           C_i, ns, one per processor (at least 2)
     * @param t           t_i, ns per byte
     * @param inverseBeta 1 / beta_ij, ns per byte, symmetric, any diagonal
     */
    public LmoParameters(double[] c, double[] t, double[][] inverseBeta) {
        int n = c.length;
        if (n < 2 || t.length != n || inverseBeta.length != n) {
            throw new IllegalArgumentException("c, t, inverseBeta: need the same number of processors, at least 2, but got "
                    + c.length + ", " + t.length + ", " + inverseBeta.length);
        }
        this.c = c.clone();
        this.t = t.clone();
        this.inverseBeta = new double[n][];
        for (int i = 0; i < n; i++) {
            if (inverseBeta[i].length != n) {
                throw new IllegalArgumentException("inverseBeta[" + i + "]: needs " + n + " entries, but has " + inverseBeta[i].length);
            }
            this.inverseBeta[i] = inverseBeta[i].clone();
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j && inverseBeta[i][j] != inverseBeta[j][i]) {
                    throw new IllegalArgumentException("inverseBeta: must be symmetric (one switch), but [" + i + "][" + j + "] = "
                            + inverseBeta[i][j] + " and [" + j + "][" + i + "] = " + inverseBeta[j][i]);
                }
            }
        }
    }

    public int size() {
        return c.length;
    }

    public double c(int i) {
        return c[i];
    }

    public double t(int i) {
        return t[i];
    }

    /** 1 / beta_ij, ns per byte. */
    public double inverseBeta(int i, int j) {
        return inverseBeta[i][j];
    }

    /** i --M--> j: C_i + t_i M + C_j + t_j M + M / beta_ij. */
    public double pointToPoint(int i, int j, double m) {
        return c[i] + t[i] * m + c[j] + t[j] * m + m * inverseBeta[i][j];
    }

    /** The roundtrip of {@code out} bytes from i to j and {@code back} bytes from j to i: T_ij(M1, M2). */
    public double roundtrip(int i, int j, double out, double back) {
        return pointToPoint(i, j, out) + pointToPoint(j, i, back);
    }

    /**
     * The one-to-two experiment: root i sends M bytes to j and to k and receives an empty reply
     * from each, T_i(M) = 4 C_i + 2 t_i M + max(2 C_j + t_j M + M / beta_ij, 2 C_k + t_k M + M / beta_ik).
     */
    public double oneToTwo(int i, int j, int k, double m) {
        return 4 * c[i] + 2 * t[i] * m + Math.max(2 * c[j] + t[j] * m + m * inverseBeta[i][j], 2 * c[k] + t[k] * m + m * inverseBeta[i][k]);
    }
}
