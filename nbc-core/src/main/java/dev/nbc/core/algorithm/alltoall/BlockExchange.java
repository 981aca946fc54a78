package dev.nbc.core.algorithm.alltoall;

import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * The exchange of blocks laid out per peer, alltoallv's and alltoallw's alike (alltoallw's layouts
 * count bytes): pairwise, one message each way per step, or all at once.
 */
final class BlockExchange {
    private BlockExchange() {
    }

    /**
     * Rank {@code rank}'s schedule: the block {@code sends} puts for rank j in INPUT goes to
     * rank j, which receives it where its {@code receives} puts rank {@code rank}'s block in OUTPUT.
     * With {@code inPlace} (MPI_IN_PLACE) the send blocks are in OUTPUT, laid out by
     * {@code receives}, and are copied to scratch before the exchange overwrites them.
     */
    static Schedule build(Algorithm algorithm, boolean pairwise, int rank, int size, BlockLayout sends, BlockLayout receives,
                          DataType type, boolean inPlace) {
        BlockLayout sendLayout = inPlace ? receives : sends;
        ScheduleBuilder builder = new ScheduleBuilder(algorithm, rank, size, -1, 0, type, null)
                .inputBytes(inPlace ? 0 : sends.extentBytes())
                .outputBytes(receives.extentBytes());
        builder.round();
        int source = Slots.INPUT;
        if (inPlace) {
            source = builder.scratch(receives.extentBytes());
            builder.copy(Slots.OUTPUT, 0, source, 0, receives.extentBytes());
        } else {
            builder.copy(Slots.INPUT, sends.offset(rank), Slots.OUTPUT, receives.offset(rank), receives.bytes(rank));
        }
        for (int step = 1; step < size; step++) {
            if (pairwise && step > 1) {
                builder.round();
            }
            int to = (rank + step) % size;
            int from = Math.floorMod(rank - step, size);
            builder.send(source, sendLayout.offset(to), sendLayout.bytes(to), to);
            builder.receive(Slots.OUTPUT, receives.offset(from), receives.bytes(from), from);
        }
        return builder.build();
    }
}
