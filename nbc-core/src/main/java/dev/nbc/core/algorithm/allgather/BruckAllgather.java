package dev.nbc.core.algorithm.allgather;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Bruck's allgather (Bruck et al., IEEE TPDS 1997): ceil(log2 P) steps for any P. Blocks are kept
 * in a scratch buffer in the order rank, rank+1, ...; in step k (distance d = 2^k) a rank sends the
 * min(d, P-d) blocks it has to rank - d and appends as many from rank + d. A final rotation puts
 * block i of the scratch at block (rank + i) mod P of OUTPUT. Fewest steps, so the choice for small
 * blocks; each rank moves the same bytes as the ring but in larger messages.
 */
final class BruckAllgather {
    private BruckAllgather() {
    }

    static void append(ScheduleBuilder builder, AllgatherShape shape) {
        int rank = shape.rank();
        int size = shape.size();
        int block = shape.blockBytes();
        if (size == 1) {
            // The own block is the result: no scratch, so that the collective runs within its start.
            builder.round();
            shape.copyOwnBlockToOutput(builder);
            return;
        }
        int gathered = builder.scratch(size * block);
        builder.round().copy(shape.ownSlot(), shape.ownOffset(), gathered, 0, block);
        for (int distance = 1; distance < size; distance <<= 1) {
            if (distance > 1) {
                builder.round();
            }
            int blocks = Math.min(distance, size - distance);
            builder.send(gathered, 0, blocks * block, Math.floorMod(rank - distance, size));
            builder.receive(gathered, distance * block, blocks * block, (rank + distance) % size);
        }
        // Rotate: scratch block i is rank (rank + i) mod P's.
        int tail = size - rank;
        builder.round().copy(gathered, 0, Slots.OUTPUT, shape.offsetOf(rank), tail * block);
        if (rank > 0) {
            builder.copy(gathered, tail * block, Slots.OUTPUT, 0, rank * block);
        }
    }
}
