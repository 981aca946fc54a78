package dev.nbc.core.algorithm.allgather;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;

/** The ways to build an allgather of blocks of different sizes (MPI_Allgatherv). */
public enum AllgathervAlgorithm implements Algorithm {
    /**
     * Ring: in step s a rank passes block rank - s to its right and receives block rank - s - 1
     * from its left, each at its place in OUTPUT; P - 1 steps, every block travels once per rank.
     */
    RING;

    @Override
    public Collective collective() {
        return Collective.ALLGATHERV;
    }

    /**
     * Builds rank {@code rank}'s schedule: every rank's block lands in every rank's OUTPUT where
     * {@code layout} puts it; this rank's comes from INPUT, or is already there when {@code inPlace}.
     */
    public Schedule build(int rank, int size, BlockLayout layout, DataType type, boolean inPlace) {
        ScheduleBuilder builder = new ScheduleBuilder(this, rank, size, -1, 0, type, null)
                .inputBytes(inPlace ? 0 : layout.bytes(rank))
                .outputBytes(layout.extentBytes());
        RingAllgather.append(builder, rank, size, layout, inPlace);
        return builder.build();
    }
}
