package dev.nbc.examples.gauss;

/**
 * The reference: textbook Gaussian elimination with row partial pivoting and back substitution on
 * one thread, and the scaled residual.
 *
 * <p>It performs, element by element, the same floating-point operations in the same order as
 * {@link DistributedGauss} (the same pivot rule: the first row of largest magnitude; the update
 * {@code a_ij -= m_i * a_kj} for j &gt; k; the back substitution summing j upwards), and Java never
 * contracts {@code a - m * b} into a fused multiply-add, so a correct distributed run reproduces
 * this solution bit for bit whatever the number of ranks or the variant. The driver therefore
 * reports the largest difference and the tests demand zero.
 */
public final class SequentialGauss {
    private SequentialGauss() {
    }

    /** The pivot tolerance both solvers use: n * eps * max|a_ij|, eps = 2^-52. */
    public static double tolerance(int n, double maxAbs) {
        return n * Math.ulp(1.0) * maxAbs;
    }

    /** Solves the system of {@code source}. @throws SingularMatrixException as the distributed solver does */
    public static double[] solve(MatrixSource source) {
        int n = source.n();
        double[][] a = source.dense();
        double[] b = source.rhs();
        double maxAbs = 0;
        for (double[] row : a) {
            for (double v : row) {
                maxAbs = Math.max(maxAbs, Math.abs(v));
            }
        }
        double tolerance = tolerance(n, maxAbs);
        for (int k = 0; k < n; k++) {
            int piv = k;
            double best = Math.abs(a[k][k]);
            for (int i = k + 1; i < n; i++) {
                if (Math.abs(a[i][k]) > best) {
                    best = Math.abs(a[i][k]);
                    piv = i;
                }
            }
            if (!(best > tolerance)) {
                throw new SingularMatrixException(k, tolerance);
            }
            double[] row = a[k];
            a[k] = a[piv];
            a[piv] = row;
            double t = b[k];
            b[k] = b[piv];
            b[piv] = t;
            for (int i = k + 1; i < n; i++) {
                double m = a[i][k] / a[k][k];
                for (int j = k + 1; j < n; j++) {
                    a[i][j] -= m * a[k][j];
                }
                b[i] -= m * b[k];
            }
        }
        double[] x = new double[n];
        for (int k = n - 1; k >= 0; k--) {
            double s = b[k];
            for (int j = k + 1; j < n; j++) {
                s -= a[k][j] * x[j];
            }
            x[k] = s / a[k][k];
        }
        return x;
    }

    /**
     * {@code ||Ax - b||_inf / (||A||_inf * ||x||_inf)}, A and b regenerated from the source. A
     * backward-stable solver keeps it near the rounding unit whatever A's condition number.
     */
    public static double scaledResidual(MatrixSource source, double[] x) {
        int n = source.n();
        double residual = 0;
        double normA = 0;
        double normX = 0;
        for (int i = 0; i < n; i++) {
            double ax = 0;
            double rowSum = 0;
            for (int j = 0; j < n; j++) {
                double aij = source.a(i, j);
                ax += aij * x[j];
                rowSum += Math.abs(aij);
            }
            residual = Math.max(residual, Math.abs(ax - source.b(i)));
            normA = Math.max(normA, rowSum);
            normX = Math.max(normX, Math.abs(x[i]));
        }
        return residual / (normA * normX);
    }

    /** max_i |x_i - 1| / 1: the forward error against the exact solution of b = A * 1. */
    public static double forwardError(double[] x) {
        double e = 0;
        for (double v : x) {
            e = Math.max(e, Math.abs(v - 1));
        }
        return e;
    }
}
