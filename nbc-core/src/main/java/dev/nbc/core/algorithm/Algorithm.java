package dev.nbc.core.algorithm;

import dev.nbc.core.schedule.Collective;

/** A named way of carrying out a collective; each collective has an enum of them. */
public interface Algorithm {
    /** The constant's name, e.g. "BINOMIAL". */
    String name();

    Collective collective();

    /** True if the algorithm combines operands out of rank order (only for reductions). */
    default boolean reordersOperands() {
        return false;
    }
}
