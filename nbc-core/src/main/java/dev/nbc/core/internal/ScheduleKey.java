package dev.nbc.core.internal;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;

import java.util.List;

/**
 * What makes two calls' schedules the same, the key of a communicator's schedule cache: the
 * algorithm and the shape of the call, never its buffers.
 * <p>{@code layouts}: the v-collectives' counts and displacements ({@code BlockLayout.asKey()}), else empty.
 */
public record ScheduleKey(Algorithm algorithm, int root, int count, DataType type, ReduceOp op, boolean inPlace, int segmentBytes,
                          List<List<Integer>> layouts) {
    public ScheduleKey(Algorithm algorithm, int root, int count, DataType type, ReduceOp op, boolean inPlace, int segmentBytes) {
        this(algorithm, root, count, type, op, inPlace, segmentBytes, List.of());
    }

    // Written out rather than the record's own: those go through a chain of method handles
    // that cost a small collective ~7 % of its time over MPI (P = 2, 8 B broadcast).
    @Override
    public int hashCode() {
        int hash = algorithm.hashCode();
        hash = 31 * hash + root;
        hash = 31 * hash + count;
        hash = 31 * hash + type.hashCode();
        hash = 31 * hash + (op == null ? 0 : op.hashCode());
        hash = 31 * hash + (inPlace ? 1 : 0);
        hash = 31 * hash + segmentBytes;
        return layouts.isEmpty() ? hash : 31 * hash + layouts.hashCode();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ScheduleKey key && algorithm.equals(key.algorithm) && root == key.root && count == key.count
                && type == key.type && op == key.op && inPlace == key.inPlace && segmentBytes == key.segmentBytes
                && layouts.equals(key.layouts);
    }
}
