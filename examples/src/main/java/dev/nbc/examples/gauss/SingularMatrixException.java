package dev.nbc.examples.gauss;

/**
 * No usable pivot: every candidate in column {@link #column()} is at most the tolerance. Thrown on
 * every rank at the same step, because the owner of the column broadcasts "no pivot" (-1) in place
 * of the pivot row and every rank decides from that broadcast value, never from local data.
 */
public final class SingularMatrixException extends RuntimeException {
    private final int column;

    public SingularMatrixException(int column, double tolerance) {
        super("the matrix is singular to working precision: column " + column + " has no pivot larger than the"
                + " tolerance " + tolerance + " (n * eps * max|a_ij|)");
        this.column = column;
    }

    public int column() {
        return column;
    }
}
