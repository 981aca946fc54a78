package dev.nbc.core.algorithm.allgather;

import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

import java.util.Arrays;

/**
 * Ring allgather: in step s every rank sends block rank - s to its right neighbour and receives
 * block rank - s - 1 from its left, P - 1 steps of one block each. Every rank moves (P-1)/P of the
 * result once, the least possible, so it is the choice for large blocks. One builder for equal
 * blocks and for the v-variant's ({@link BlockLayout}).
 *
 * <p>The first step sends the rank's own block from INPUT, not from its copy in OUTPUT: the next
 * call's copy would write what the neighbour had just read, which under Open MPI's single-copy
 * transfers cost the 32 KiB allgather at P = 2 5 us (RecursiveDoublingAllreduce has the figures).
 */
final class RingAllgather {
    private RingAllgather() {
    }

    static void append(ScheduleBuilder builder, AllgatherShape shape) {
        int[] counts = new int[shape.size()];
        Arrays.fill(counts, shape.blockBytes());
        append(builder, shape.rank(), shape.size(), BlockLayout.packed(counts, DataType.BYTE), shape.inPlace());
    }

    /** Rank {@code rank}'s ring: every block lands in OUTPUT where {@code layout} puts it; its own comes from INPUT, or is there in place. */
    static void append(ScheduleBuilder builder, int rank, int size, BlockLayout layout, boolean inPlace) {
        int right = (rank + 1) % size;
        int left = Math.floorMod(rank - 1, size);
        builder.round();
        if (!inPlace) {
            builder.copy(Slots.INPUT, 0, Slots.OUTPUT, layout.offset(rank), layout.bytes(rank));
        }
        for (int step = 0; step < size - 1; step++) {
            if (step > 0) {
                builder.round();
            }
            int sent = Math.floorMod(rank - step, size);
            int received = Math.floorMod(rank - step - 1, size);
            if (step == 0 && !inPlace) {
                builder.send(Slots.INPUT, 0, layout.bytes(rank), right);
            } else {
                builder.send(Slots.OUTPUT, layout.offset(sent), layout.bytes(sent), right);
            }
            builder.receive(Slots.OUTPUT, layout.offset(received), layout.bytes(received), left);
        }
    }
}
