package dev.nbc.core.algorithm.scatter;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/** The ways to build a scatter of blocks of different sizes (MPI_Scatterv). */
public enum ScattervAlgorithm implements Algorithm {
    /** The root straight to every rank: one step; the root only reads its buffer. */
    LINEAR;

    @Override
    public Collective collective() {
        return Collective.SCATTERV;
    }

    /**
     * Builds rank {@code rank}'s schedule: the block {@code layout} puts for rank r in the root's
     * INPUT lands in r's OUTPUT ({@code layout.count(r)} elements). With {@code inPlace} the root's
     * own block stays where it is and the root has no OUTPUT; other ranks have no INPUT.
     */
    public Schedule build(int rank, int size, int root, BlockLayout layout, DataType type, boolean inPlace) {
        boolean atRoot = rank == root;
        boolean rootInPlace = atRoot && inPlace;
        ScheduleBuilder builder = new ScheduleBuilder(this, rank, size, root, 0, type, null)
                .inputBytes(atRoot ? layout.extentBytes() : 0)
                .outputBytes(rootInPlace ? 0 : layout.bytes(rank));
        builder.round();
        if (!atRoot) {
            builder.receive(Slots.OUTPUT, 0, layout.bytes(rank), root);
            return builder.build();
        }
        if (!rootInPlace) {
            builder.copy(Slots.INPUT, layout.offset(rank), Slots.OUTPUT, 0, layout.bytes(rank));
        }
        for (int peer = 0; peer < size; peer++) {
            if (peer != root) {
                builder.send(Slots.INPUT, layout.offset(peer), layout.bytes(peer), peer);
            }
        }
        return builder.build();
    }
}
