package dev.nbc.core.algorithm.alltoall;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * The all-to-all exchange: for s = 1 .. P-1 a rank sends its block for rank + s and receives the
 * block of rank - s. Pairwise ({@code stepByStep}) each s is a round of its own, one message in and
 * one out at a time, so no rank is flooded (large blocks); linear, every message is posted at once
 * in one round (small blocks, where steps cost more than messages in flight).
 */
final class ExchangeAlltoall {
    private ExchangeAlltoall() {
    }

    static void append(ScheduleBuilder builder, AlltoallShape shape, boolean stepByStep) {
        int rank = shape.rank();
        int size = shape.size();
        builder.round();
        int sendBlocks = shape.prepare(builder);
        for (int step = 1; step < size; step++) {
            if (stepByStep && step > 1) {
                builder.round();
            }
            int to = (rank + step) % size;
            int from = Math.floorMod(rank - step, size);
            builder.send(sendBlocks, shape.offsetOf(to), shape.blockBytes(), to);
            builder.receive(Slots.OUTPUT, shape.offsetOf(from), shape.blockBytes(), from);
        }
    }
}
