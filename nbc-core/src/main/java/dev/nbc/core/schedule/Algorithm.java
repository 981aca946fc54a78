package dev.nbc.core.schedule;

import dev.nbc.core.datatype.ReduceOp;

/** A named way of carrying out a collective; each collective has an enum of them. */
public interface Algorithm {
    /** The constant's name, e.g. "BINOMIAL". */
    String name();

    Collective collective();

    /** True if the algorithm combines operands out of rank order (only for reductions). */
    default boolean reordersOperands() {
        return false;
    }

    /**
     * The one place of the commutativity rule: refuses {@code op} if this algorithm combines
     * operands out of rank order and {@code op} is not commutative (MPI requires rank order then).
     *
     * @throws IllegalArgumentException naming the algorithm and the operation
     */
    default void checkOperation(ReduceOp op) {
        if (reordersOperands() && !op.isCommutative()) {
            throw new IllegalArgumentException("algorithm: " + name() + " combines operands out of rank order, so it cannot"
                    + " run the non-commutative operation " + op.name());
        }
    }
}
