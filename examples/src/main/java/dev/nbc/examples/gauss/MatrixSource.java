package dev.nbc.examples.gauss;

import java.util.SplittableRandom;

/**
 * A linear system Ax = b given element by element, so that every rank can generate exactly the
 * columns it owns (as a distributed application reads or computes its own part) and the checks can
 * regenerate A and b without keeping a copy of the matrix, which the solver overwrites.
 *
 * <p>The right-hand side is {@code b = A * 1} (row sums), so the exact solution is all ones: the
 * forward error of an ill-conditioned system can then be reported beside the residual.
 */
public abstract class MatrixSource {
    private final String name;
    private final int n;

    protected MatrixSource(String name, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n: the system needs at least 1 unknown, but was " + n);
        }
        this.name = name;
        this.n = n;
    }

    /** Element (i, j), 0-based; must be a pure function of (i, j) and the source's parameters. */
    public abstract double a(int i, int j);

    /** {@code b_i = sum_j a(i, j)}, summed in column order on every rank, so bit-identical everywhere. */
    public double b(int i) {
        double sum = 0;
        for (int j = 0; j < n; j++) {
            sum += a(i, j);
        }
        return sum;
    }

    public int n() {
        return n;
    }

    public String name() {
        return name;
    }

    /** The whole matrix, row-major, for the sequential reference and the residual. */
    public double[][] dense() {
        double[][] m = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                m[i][j] = a(i, j);
            }
        }
        return m;
    }

    public double[] rhs() {
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = b(i);
        }
        return b;
    }

    @Override
    public String toString() {
        return name + " n=" + n;
    }

    /**
     * Uniform entries in [-1, 1), each from its own generator seeded by (seed, i, j): no rank has
     * to draw the numbers of columns it does not own to reach its own.
     */
    public static MatrixSource random(int n, long seed) {
        return new MatrixSource("random(seed " + seed + ")", n) {
            @Override
            public double a(int i, int j) {
                long key = seed * 0x9E3779B97F4A7C15L + ((long) i << 32 | (j & 0xffffffffL));
                return new SplittableRandom(key).nextDouble(-1, 1);
            }
        };
    }

    /**
     * The Hilbert matrix 1/(i+j+1): symmetric positive definite, with condition numbers that grow
     * like e^{3.5 n} (about 3.5e13 in the infinity norm for n = 10), so the forward error is large
     * while a backward-stable solver still leaves a residual of the order of the rounding unit.
     */
    public static MatrixSource hilbert(int n) {
        return new MatrixSource("hilbert", n) {
            @Override
            public double a(int i, int j) {
                return 1.0 / (i + j + 1);
            }
        };
    }

    /** Vandermonde on the points t_i = i/n: a(i, j) = t_i^j, ill-conditioned and needing pivoting. */
    public static MatrixSource vandermonde(int n) {
        return new MatrixSource("vandermonde", n) {
            @Override
            public double a(int i, int j) {
                return Math.pow((double) (i + 1) / n, j);
            }
        };
    }

    /**
     * A random matrix whose last column equals its first (for n = 1 the zero matrix), so exactly
     * singular; elimination finds a zero or rounding-sized pivot in the last column.
     */
    public static MatrixSource singular(int n, long seed) {
        MatrixSource base = random(n, seed);
        return new MatrixSource("singular(seed " + seed + ")", n) {
            @Override
            public double a(int i, int j) {
                return n == 1 ? 0 : base.a(i, j == n - 1 ? 0 : j);
            }
        };
    }

    /** By name, as on the command line: random, hilbert, vandermonde, singular. */
    public static MatrixSource named(String kind, int n, long seed) {
        switch (kind) {
            case "random":
                return random(n, seed);
            case "hilbert":
                return hilbert(n);
            case "vandermonde":
                return vandermonde(n);
            case "singular":
                return singular(n, seed);
            default:
                throw new IllegalArgumentException("matrix: one of random, hilbert, vandermonde, singular, but was '" + kind + "'");
        }
    }
}
