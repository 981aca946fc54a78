package dev.nbc.core.algorithm.scan;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;

/** The ways to build an inclusive prefix reduction (MPI_Scan). */
public enum ScanAlgorithm implements Algorithm {
    /** Recursive doubling ({@link RecursiveDoublingScan}): ceil(log2 P) steps. */
    RECURSIVE_DOUBLING,
    /** A chain ({@link LinearScan}): P - 1 steps, one message per rank. */
    LINEAR;

    @Override
    public Collective collective() {
        return Collective.SCAN;
    }

    /**
     * Builds rank {@code rank}'s schedule: OUTPUT gets x0 op ... op x(rank) of {@code count}
     * elements; the contribution is in INPUT, or in OUTPUT when {@code inPlace}.
     */
    public Schedule build(int rank, int size, int count, DataType type, ReduceOp op, boolean inPlace) {
        return Prefix.build(this, this == LINEAR, false, rank, size, count, type, op, inPlace);
    }
}
