package dev.nbc.examples.gauss;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.PersistentCollective;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.request.Request;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;

/**
 * Gaussian elimination with row partial pivoting and back substitution on the ranks of one
 * {@link Communicator}: section 4 of Hoefler, Squyres, Rehm, Lumsdaine, "A Case for Non-Blocking
 * Collective Operations", with its Listing 2 (blocking), its Listing 3 (1-round look-ahead with
 * ibcast) and a third variant that sends a whole column of multipliers per step.
 *
 * <p><b>Distribution.</b> Column-cyclic: global column j lives on rank {@code j mod P}. That is
 * what Listing 2's {@code IHaveColumn(k)} needs: the owner of column k alone can choose the pivot
 * (line 2) and compute the multipliers {@code A[k][i] / A[k][k]} (line 6; the listing indexes
 * {@code A[column][row]}), and every rank holds all rows of its columns, so the row exchange (line
 * 4) and the row update (lines 8-9) need no communication. Cyclic rather than blocked, so that the
 * shrinking trailing matrix stays spread over all ranks. Locally the owned columns are stored row
 * by row ({@code rows[i][jl]} = A[i][rank + jl P]): the row update is then a contiguous loop and the
 * row exchange swaps two references. The right-hand side b is replicated; every rank applies the
 * same exchanges and updates to it with the same (broadcast) multipliers, so all copies stay
 * bit-identical.
 *
 * <p><b>Variants</b> differ only in how the multipliers reach the ranks ({@link #eliminateByElement}
 * for Listings 2 and 3, {@link #eliminateByColumn} for the third); the pivot search, exchange, row
 * update and back substitution are shared. The pivot step runs for k = n-1 too (the listings stop at
 * n-2), so that a zero last pivot is detected as singular like any other.
 *
 * <p><b>Singularity</b> is decided by the owner of column k (no candidate above
 * {@code n * eps * max|a_ij|}, the global maximum taken once by an allreduce) and broadcast as
 * pivot -1 in place of the pivot row, so every rank throws {@link SingularMatrixException} at the
 * same step with no collective left in flight.
 *
 * <p><b>Back substitution</b> is O(n^2) against elimination's O(n^3), and distributed it would be a
 * chain of n dependent steps, each a collective. Instead each rank broadcasts the upper-triangular
 * part of its columns (P broadcasts in flight together), and every rank then solves the triangular
 * system itself: every rank ends with the same x, bit for bit.
 *
 * <p>A solver is used once: {@link #solve} overwrites the matrix. All ranks must construct it and
 * call {@code solve} with the same arguments (its collectives must match).
 */
public final class DistributedGauss {
    private final Communicator comm;
    private final int n;
    private final int size;
    private final int rank;
    /** Number of columns this rank owns. */
    private final int localColumns;
    /** rows[i][jl] = A[i][rank + jl * size]; rows are swapped by reference. */
    private final double[][] rows;
    private final double[] b;
    private final double tolerance;
    private long broadcasts;
    private boolean used;

    /**
     * Generates this rank's columns and the replicated right-hand side, and agrees on the pivot
     * tolerance (one allreduce of max|a_ij|). Not part of the timed solve.
     *
     * @throws IllegalArgumentException if there are more ranks than unknowns (n &lt; 1 is refused by
     *         the source): a rank owning no column would have nothing to do but would still have to
     *         join every broadcast; the message says how to run instead
     */
    public DistributedGauss(Communicator comm, MatrixSource source) {
        checkShape(source.n(), comm.size());
        this.comm = comm;
        this.n = source.n();
        this.size = comm.size();
        this.rank = comm.rank();
        this.localColumns = columnsOf(rank, n, size);
        this.rows = new double[n][localColumns];
        double maxAbs = 0;
        for (int i = 0; i < n; i++) {
            for (int jl = 0; jl < localColumns; jl++) {
                double v = source.a(i, global(jl));
                rows[i][jl] = v;
                maxAbs = Math.max(maxAbs, Math.abs(v));
            }
        }
        this.b = source.rhs();
        ByteBuffer max = Buffers.allocate(1, DataType.DOUBLE);
        max.putDouble(0, maxAbs);
        comm.allreduce(null, max, 1, DataType.DOUBLE, ReduceOp.MAX);
        this.tolerance = SequentialGauss.tolerance(n, max.getDouble(0));
    }

    /**
     * The distribution's rule on sizes, checked before anything is allocated or communicated (the
     * driver calls it on every rank, so all refuse together).
     */
    public static void checkShape(int n, int ranks) {
        if (n < 1) {
            throw new IllegalArgumentException("n: the system needs at least 1 unknown, but was " + n);
        }
        if (ranks > n) {
            throw new IllegalArgumentException("P = " + ranks + " ranks for n = " + n + " unknowns: with columns dealt"
                    + " out cyclically, " + (ranks - n == 1 ? "rank " + n : "ranks " + n + ".." + (ranks - 1))
                    + " would own no column; use at most n ranks");
        }
    }

    /** Columns that {@code rank} owns: j = rank, rank + P, ... below n. */
    private static int columnsOf(int rank, int n, int size) {
        return (n - rank + size - 1) / size;
    }

    private int global(int localColumn) {
        return rank + localColumn * size;
    }

    private int owner(int column) {
        return column % size;
    }

    /** Local index of the first owned column with global index greater than k. */
    private int firstLocalAfter(int k) {
        return k >= rank ? (k - rank) / size + 1 : 0;
    }

    /** Broadcasts issued by this rank's solve so far (pivots, multipliers, columns, back substitution). */
    public long broadcasts() {
        return broadcasts;
    }

    /**
     * Eliminates with {@code variant} and back-substitutes; returns x, the same on every rank.
     *
     * @throws SingularMatrixException on every rank, at the same step, if a pivot is too small
     */
    public double[] solve(Variant variant) {
        if (used) {
            throw new IllegalStateException("solve: this solver's matrix was already eliminated; build a new one");
        }
        used = true;
        if (variant == Variant.COLUMN) {
            eliminateByColumn();
        } else {
            eliminateByElement(variant == Variant.LOOKAHEAD);
        }
        return backSubstitute();
    }

    // ------------------------------------------------------------------ shared steps

    /**
     * On the owner of column k: the first row i &gt;= k with the largest |a_ik| (Listing 2's
     * MaxCol(k)), or -1 if even that is not above the tolerance (NaN included).
     */
    private int findPivot(int k) {
        int kl = k / size;
        int piv = k;
        double best = Math.abs(rows[k][kl]);
        for (int i = k + 1; i < n; i++) {
            double v = Math.abs(rows[i][kl]);
            if (v > best) {
                best = v;
                piv = i;
            }
        }
        return best > tolerance ? piv : -1;
    }

    /** The broadcast pivot, or the consistent failure of every rank if it says "none". */
    private int checkedPivot(int k, int piv) {
        if (piv < 0) {
            throw new SingularMatrixException(k, tolerance);
        }
        return piv;
    }

    /** Listing 2 line 4, exchange_row(piv, k): this rank's part of both rows, and b. */
    private void exchangeRows(int k, int piv) {
        double[] row = rows[k];
        rows[k] = rows[piv];
        rows[piv] = row;
        double t = b[k];
        b[k] = b[piv];
        b[piv] = t;
    }

    /** On the owner of column k: Listing 2 line 6's multiplier for row i. */
    private double multiplier(int i, int k) {
        int kl = k / size;
        return rows[i][kl] / rows[k][kl];
    }

    /**
     * Listing 2 lines 8-9: row i -= m * row k over the owned columns from local index {@code from}
     * on (those right of k, or one fewer when the look-ahead column was done already), and
     * b_i -= m * b_k.
     */
    private void updateRow(int i, int k, double m, int from) {
        double[] ri = rows[i];
        double[] rk = rows[k];
        for (int jl = from; jl < localColumns; jl++) {
            ri[jl] -= m * rk[jl];
        }
        b[i] -= m * b[k];
    }

    // ------------------------------------------------------------------ variants 1 and 2

    /**
     * Listings 2 and 3: per step k, a broadcast of the pivot row (lines 2-4 of both) and then one
     * broadcast per multiplier. Blocking (Listing 2 lines 5-9): multiplier i is broadcast, awaited,
     * then row i updated. Look-ahead (Listing 3 lines 8-16): the first multiplier is broadcast
     * blocking, then in round i the owner computes multiplier i+1 into the other buffer and
     * ibcasts it, everyone updates row i with multiplier i, and waits; the buffers' roles swap
     * (the listing's {@code mul = nextmul}, here a change of index instead of a copy). Two slips of
     * the printed Listing 3 are corrected: its NBC_Ibcast sends {@code mul}, the buffer being
     * computed with, where it means {@code nextmul}, and its last round reads row n.
     *
     * <p>Why the look-ahead can help at most 2x: only one multiplier is in flight at a time, so a
     * round costs max(broadcast, row update) instead of their sum. Column k is never changed by a
     * row update, so computing multiplier i+1 early is legal.
     *
     * <p>The broadcasts are persistent (bound once per root and buffer, started many times), since
     * every step repeats the same 1-element shapes.
     */
    private void eliminateByElement(boolean lookAhead) {
        ByteBuffer pivot = Buffers.allocate(1, DataType.INT);
        ByteBuffer[] mul = {Buffers.allocate(1, DataType.DOUBLE), Buffers.allocate(1, DataType.DOUBLE)};
        PersistentCollective[] pivotFrom = new PersistentCollective[size];
        PersistentCollective[][] mulFrom = new PersistentCollective[2][size];
        for (int root = 0; root < size; root++) {
            pivotFrom[root] = comm.bcastInit(pivot, 1, DataType.INT, root, null);
            for (int buffer = 0; buffer < 2; buffer++) {
                mulFrom[buffer][root] = comm.bcastInit(mul[buffer], 1, DataType.DOUBLE, root, null);
            }
        }
        for (int k = 0; k < n; k++) {
            int root = owner(k);
            boolean mine = root == rank;
            if (mine) {
                pivot.putInt(0, findPivot(k));
            }
            pivotFrom[root].start().await();
            broadcasts++;
            exchangeRows(k, checkedPivot(k, pivot.getInt(0)));
            int from = firstLocalAfter(k);
            if (k + 1 == n) {
                break;
            }
            if (!lookAhead) {
                for (int i = k + 1; i < n; i++) {
                    if (mine) {
                        mul[0].putDouble(0, multiplier(i, k));
                    }
                    mulFrom[0][root].start().await();
                    broadcasts++;
                    updateRow(i, k, mul[0].getDouble(0), from);
                }
                continue;
            }
            int current = 0;
            if (mine) {
                mul[current].putDouble(0, multiplier(k + 1, k));
            }
            mulFrom[current][root].start().await();
            broadcasts++;
            for (int i = k + 1; i < n; i++) {
                Request next = null;
                if (i + 1 < n) {
                    if (mine) {
                        mul[1 - current].putDouble(0, multiplier(i + 1, k));
                    }
                    next = mulFrom[1 - current][root].start();
                    broadcasts++;
                }
                updateRow(i, k, mul[current].getDouble(0), from);
                if (next != null) {
                    next.await();
                    current = 1 - current;
                }
            }
        }
    }

    // ------------------------------------------------------------------ variant 3

    /**
     * One broadcast per step k of a message {@code [pivot row, m_{k+1}, ..., m_{n-1}]} (n-k
     * doubles; the pivot row is exact as a double), double-buffered one step ahead: while the
     * ranks update the trailing matrix with step k's multipliers, step k+1's message is already in
     * flight.
     *
     * <p>The dependency that allows it: step k+1's pivot and multipliers need only column k+1
     * after step k's update. So the owner of column k+1, having received step k's message, first
     * updates just that column (rows k+1..n-1), chooses the pivot, exchanges the rows, computes the
     * multipliers and starts the ibcast, and only then updates the rest of its columns for step k.
     * Its early exchange of rows piv and k+1 also swaps those two entries of step k's multipliers,
     * so the rest of its update still pairs each row with its own multiplier; the other ranks
     * exchange the rows when the message arrives, after their step-k update, which is the same
     * thing. The critical path per step is then the look-ahead column plus one broadcast, not the
     * whole trailing update plus one broadcast; and there are n broadcasts instead of the n(n+1)/2
     * of Listings 2 and 3, so latency is paid n times, not n^2/2 times.
     */
    private void eliminateByColumn() {
        ByteBuffer[] message = {Buffers.allocate(n, DataType.DOUBLE), Buffers.allocate(n, DataType.DOUBLE)};
        if (owner(0) == rank) {
            prepareStep(0, message[0], null);
        }
        comm.bcast(message[0], n, DataType.DOUBLE, owner(0));
        broadcasts++;
        for (int k = 0; k < n; k++) {
            ByteBuffer current = message[k % 2];
            int piv = checkedPivot(k, (int) current.getDouble(0));
            if (owner(k) != rank) {
                exchangeRows(k, piv);
            }
            int from = firstLocalAfter(k);
            Request next = null;
            if (k + 1 < n) {
                int nextRoot = owner(k + 1);
                ByteBuffer nextMessage = message[(k + 1) % 2];
                if (nextRoot == rank) {
                    // column k+1 is this rank's first column right of k: local index `from`
                    for (int i = k + 1; i < n; i++) {
                        rows[i][from] -= current.getDouble(8 * (i - k)) * rows[k][from];
                    }
                    prepareStep(k + 1, nextMessage, current);
                    from++;
                }
                next = comm.ibcast(nextMessage, n - k - 1, DataType.DOUBLE, nextRoot);
                broadcasts++;
            }
            for (int i = k + 1; i < n; i++) {
                updateRow(i, k, current.getDouble(8 * (i - k)), from);
            }
            if (next != null) {
                next.await();
            }
        }
    }

    /**
     * On the owner of column k (already updated through step k-1): pivot search, row exchange, and
     * the multipliers, written as step k's message. {@code previous}, step k-1's message (null for
     * k = 0), gets the same exchange of its multipliers for rows piv and k.
     */
    private void prepareStep(int k, ByteBuffer message, ByteBuffer previous) {
        int piv = findPivot(k);
        message.putDouble(0, piv);
        if (piv < 0) {
            return;
        }
        exchangeRows(k, piv);
        if (previous != null && piv != k) {
            // step k-1's message holds row i's multiplier at element i - (k-1): row k at 1
            int rowK = 8;
            int rowPiv = 8 * (piv - k + 1);
            double t = previous.getDouble(rowK);
            previous.putDouble(rowK, previous.getDouble(rowPiv));
            previous.putDouble(rowPiv, t);
        }
        for (int i = k + 1; i < n; i++) {
            message.putDouble(8 * (i - k), multiplier(i, k));
        }
    }

    // ------------------------------------------------------------------ back substitution

    /**
     * Every rank broadcasts the upper triangle of its columns (column j contributes rows 0..j),
     * all P broadcasts in flight at once; then every rank solves Ux = b itself, summing in the
     * same order as the sequential reference.
     */
    private double[] backSubstitute() {
        ByteBuffer[] packed = new ByteBuffer[size];
        Request[] requests = new Request[size];
        for (int root = 0; root < size; root++) {
            long count = 0;
            for (int j = root; j < n; j += size) {
                count += j + 1;
            }
            packed[root] = Buffers.allocate((int) Math.min(count, Integer.MAX_VALUE), DataType.DOUBLE);
            if (root == rank) {
                DoubleBuffer out = packed[root].asDoubleBuffer();
                for (int jl = 0; jl < localColumns; jl++) {
                    for (int i = 0; i <= global(jl); i++) {
                        out.put(rows[i][jl]);
                    }
                }
            }
            requests[root] = comm.ibcast(packed[root], (int) count, DataType.DOUBLE, root);
            broadcasts++;
        }
        double[][] columns = new double[n][];
        for (int root = 0; root < size; root++) {
            requests[root].await();
            DoubleBuffer in = packed[root].asDoubleBuffer();
            for (int j = root; j < n; j += size) {
                columns[j] = new double[j + 1];
                in.get(columns[j]);
            }
        }
        double[] x = new double[n];
        for (int k = n - 1; k >= 0; k--) {
            double s = b[k];
            for (int j = k + 1; j < n; j++) {
                s -= columns[j][k] * x[j];
            }
            x[k] = s / columns[k][k];
        }
        return x;
    }
}
