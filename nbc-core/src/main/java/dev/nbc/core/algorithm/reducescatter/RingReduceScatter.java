package dev.nbc.core.algorithm.reducescatter;

import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Ring reduce-scatter (the first half of the ring allreduce): in step s a rank sends its partial
 * block rank - s - 1 to its right neighbour and combines the block rank - s - 2 arriving from its
 * left into its own; after P - 1 steps block {@code rank} holds every rank's contribution. Blocks
 * may differ in size (MPI_Reduce_scatter). Each rank moves (P-1)/P of the data once; the
 * combination order depends on the rank, so commutative operations only.
 */
final class RingReduceScatter {
    private RingReduceScatter() {
    }

    /** Every rank's P blocks, laid out by {@code blocks} (packed), are in {@code contribution}; rank's block of the result goes to OUTPUT. */
    static void append(ScheduleBuilder builder, int rank, int size, BlockLayout blocks, int contribution) {
        int all = blocks.extentBytes();
        int largest = 0;
        for (int r = 0; r < size; r++) {
            largest = Math.max(largest, blocks.bytes(r));
        }
        int partials = builder.scratch(all);
        int incoming = builder.scratch(largest);
        int right = (rank + 1) % size;
        int left = Math.floorMod(rank - 1, size);
        builder.round().copy(contribution, 0, partials, 0, all);
        for (int step = 0; step < size - 1; step++) {
            if (step > 0) {
                combine(builder, blocks, partials, incoming, Math.floorMod(rank - step - 1, size));
            }
            int sent = Math.floorMod(rank - step - 1, size);
            builder.send(partials, blocks.offset(sent), blocks.bytes(sent), right);
            builder.receive(incoming, 0, blocks.bytes(Math.floorMod(rank - step - 2, size)), left);
        }
        if (size > 1) {
            combine(builder, blocks, partials, incoming, rank);
        } else {
            builder.round();
        }
        builder.copy(partials, blocks.offset(rank), Slots.OUTPUT, 0, blocks.bytes(rank));
    }

    /** Starts a round that combines the arrived partial of {@code block} into ours. */
    private static void combine(ScheduleBuilder builder, BlockLayout blocks, int partials, int incoming, int block) {
        builder.round().reduce(incoming, 0, partials, blocks.offset(block), blocks.count(block), false);
    }
}
