package dev.nbc.core.algorithm.barrier;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Dissemination barrier (Hensgen, Finkel, Manber): in round k every rank signals rank + 2^k and
 * waits for rank - 2^k (mod P). After ceil(log2 P) rounds every rank has heard, directly or through
 * others, from every rank. Messages carry no data.
 */
public final class DisseminationBarrier {
    private DisseminationBarrier() {
    }

    public static Schedule build(int rank, int size) {
        ScheduleBuilder builder = new ScheduleBuilder(BarrierAlgorithm.DISSEMINATION, rank, size, -1, 0, DataType.BYTE, null);
        for (int distance = 1; distance < size; distance <<= 1) {
            builder.round()
                    .send(Slots.OUTPUT, 0, 0, (rank + distance) % size)
                    .receive(Slots.OUTPUT, 0, 0, Math.floorMod(rank - distance, size));
        }
        return builder.build();
    }
}
