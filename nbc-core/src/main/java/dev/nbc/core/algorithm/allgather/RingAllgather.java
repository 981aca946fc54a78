package dev.nbc.core.algorithm.allgather;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Ring allgather: in step s every rank sends block rank - s to its right neighbour and receives
 * block rank - s - 1 from its left, P - 1 steps of one block each. Every rank moves (P-1)/P of the
 * result once, the least possible, so it is the choice for large blocks.
 */
final class RingAllgather {
    private RingAllgather() {
    }

    static void append(ScheduleBuilder builder, AllgatherShape shape) {
        int rank = shape.rank();
        int size = shape.size();
        int right = (rank + 1) % size;
        int left = Math.floorMod(rank - 1, size);
        builder.round();
        shape.copyOwnBlockToOutput(builder);
        for (int step = 0; step < size - 1; step++) {
            if (step > 0) {
                builder.round();
            }
            int sent = Math.floorMod(rank - step, size);
            int received = Math.floorMod(rank - step - 1, size);
            builder.send(Slots.OUTPUT, shape.offsetOf(sent), shape.blockBytes(), right);
            builder.receive(Slots.OUTPUT, shape.offsetOf(received), shape.blockBytes(), left);
        }
    }
}
