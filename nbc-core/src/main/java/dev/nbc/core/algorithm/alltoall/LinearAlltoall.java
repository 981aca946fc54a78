package dev.nbc.core.algorithm.alltoall;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Linear all-to-all: every send and receive posted at once, in one step; for small blocks, where
 * the number of steps costs more than the P - 1 messages in flight per rank.
 */
final class LinearAlltoall {
    private LinearAlltoall() {
    }

    static void append(ScheduleBuilder builder, AlltoallShape shape) {
        int rank = shape.rank();
        int size = shape.size();
        builder.round();
        int sendBlocks = shape.prepare(builder);
        for (int step = 1; step < size; step++) {
            int to = (rank + step) % size;
            int from = Math.floorMod(rank - step, size);
            builder.send(sendBlocks, shape.offsetOf(to), shape.blockBytes(), to);
            builder.receive(Slots.OUTPUT, shape.offsetOf(from), shape.blockBytes(), from);
        }
    }
}
