package dev.nbc.core.algorithm.reducescatter;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Ring reduce-scatter (the first half of the ring allreduce): in step s a rank sends its partial
 * block rank - s - 1 to its right neighbour and combines the block rank - s - 2 arriving from its
 * left into its own; after P - 1 steps block {@code rank} holds every rank's contribution. Each rank
 * moves (P-1)/P of the data once; the combination order depends on the rank, so commutative
 * operations only.
 */
final class RingReduceScatter {
    private RingReduceScatter() {
    }

    static void append(ScheduleBuilder builder, ReduceScatterShape shape) {
        int rank = shape.rank();
        int size = shape.size();
        int block = shape.blockBytes();
        int partials = builder.scratch(size * block);
        int incoming = builder.scratch(block);
        int right = (rank + 1) % size;
        int left = Math.floorMod(rank - 1, size);
        builder.round().copy(shape.contributionSlot(), 0, partials, 0, size * block);
        for (int step = 0; step < size - 1; step++) {
            if (step > 0) {
                int arrived = Math.floorMod(rank - step - 1, size);
                builder.round().reduce(incoming, 0, partials, arrived * block, shape.count(), false);
            }
            builder.send(partials, Math.floorMod(rank - step - 1, size) * block, block, right);
            builder.receive(incoming, 0, block, left);
        }
        builder.round();
        if (size > 1) {
            builder.reduce(incoming, 0, partials, rank * block, shape.count(), false);
        }
        builder.copy(partials, rank * block, Slots.OUTPUT, 0, block);
    }
}
