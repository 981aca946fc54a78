package dev.nbc.core.algorithm.allgather;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * What every allgather builder needs to know about the call: rank r's block of {@code blockBytes}
 * lands at offset r x blockBytes of every rank's OUTPUT. A rank's own block comes from INPUT, or,
 * in place, is already at its position in OUTPUT.
 */
record AllgatherShape(int rank, int size, int blockBytes, boolean inPlace) {

    int offsetOf(int block) {
        return block * blockBytes;
    }

    /** The slot and offset that hold this rank's own block when the schedule starts. */
    int ownSlot() {
        return inPlace ? Slots.OUTPUT : Slots.INPUT;
    }

    int ownOffset() {
        return inPlace ? offsetOf(rank) : 0;
    }

    /** Adds the copy of the own block to its place in OUTPUT to the current round (nothing in place). */
    void copyOwnBlockToOutput(ScheduleBuilder builder) {
        if (!inPlace) {
            builder.copy(Slots.INPUT, 0, Slots.OUTPUT, offsetOf(rank), blockBytes);
        }
    }
}
