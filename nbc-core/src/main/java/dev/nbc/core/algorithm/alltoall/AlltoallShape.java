package dev.nbc.core.algorithm.alltoall;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * What every all-to-all builder needs to know: block j of a rank's send buffer goes to rank j, and
 * block i of its receive buffer (OUTPUT) comes from rank i, {@code blockBytes} each. In place the
 * send blocks are in OUTPUT itself, which the exchange overwrites, so they are first copied to
 * scratch and sent from there.
 */
record AlltoallShape(int rank, int size, int blockBytes, boolean inPlace) {

    int offsetOf(int block) {
        return block * blockBytes;
    }

    /**
     * Adds to the current round what makes the send blocks readable and puts the own block in
     * place; returns the slot the send blocks are read from.
     */
    int prepare(ScheduleBuilder builder) {
        if (!inPlace) {
            builder.copy(Slots.INPUT, offsetOf(rank), Slots.OUTPUT, offsetOf(rank), blockBytes);
            return Slots.INPUT;
        }
        int sendBlocks = builder.scratch(size * blockBytes);
        builder.copy(Slots.OUTPUT, 0, sendBlocks, 0, size * blockBytes);
        return sendBlocks;
    }
}
