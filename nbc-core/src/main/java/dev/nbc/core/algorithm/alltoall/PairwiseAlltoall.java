package dev.nbc.core.algorithm.alltoall;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Pairwise exchange: in step s (1 .. P-1) a rank sends its block for rank + s and receives the
 * block of rank - s. One message in and one out per step, so no rank is flooded; the choice for
 * large blocks.
 */
final class PairwiseAlltoall {
    private PairwiseAlltoall() {
    }

    static void append(ScheduleBuilder builder, AlltoallShape shape) {
        int rank = shape.rank();
        int size = shape.size();
        builder.round();
        int sendBlocks = shape.prepare(builder);
        for (int step = 1; step < size; step++) {
            if (step > 1) {
                builder.round();
            }
            int to = (rank + step) % size;
            int from = Math.floorMod(rank - step, size);
            builder.send(sendBlocks, shape.offsetOf(to), shape.blockBytes(), to);
            builder.receive(Slots.OUTPUT, shape.offsetOf(from), shape.blockBytes(), from);
        }
    }
}
