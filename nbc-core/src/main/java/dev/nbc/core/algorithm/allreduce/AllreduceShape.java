package dev.nbc.core.algorithm.allreduce;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * What every allreduce builder needs to know about the call. The result is computed in slot
 * OUTPUT; the caller's contribution is in INPUT, or in OUTPUT when the call is in place.
 */
record AllreduceShape(int rank, int size, int count, DataType type, boolean inPlace) {

    int bytes() {
        return type.bytesFor(count);
    }

    /** The slot that holds the caller's contribution when the schedule starts. */
    int contributionSlot() {
        return inPlace ? Slots.OUTPUT : Slots.INPUT;
    }

    /** Adds the copy of the contribution into OUTPUT to the current round (nothing when in place). */
    void copyInputToOutput(ScheduleBuilder builder) {
        if (!inPlace) {
            builder.copy(Slots.INPUT, 0, Slots.OUTPUT, 0, bytes());
        }
    }
}
