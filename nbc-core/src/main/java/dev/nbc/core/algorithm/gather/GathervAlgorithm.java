package dev.nbc.core.algorithm.gather;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/** The ways to build a gather of blocks of different sizes (MPI_Gatherv). */
public enum GathervAlgorithm implements Algorithm {
    /** Every rank straight to the root, which receives each block at its place: one step. */
    LINEAR;

    @Override
    public Collective collective() {
        return Collective.GATHERV;
    }

    /**
     * Builds rank {@code rank}'s schedule: its {@code layout.count(rank)} elements (INPUT) land in
     * the root's OUTPUT where {@code layout} puts them. The root's own block is already there when
     * {@code inPlace}; other ranks have no OUTPUT.
     */
    public Schedule build(int rank, int size, int root, BlockLayout layout, DataType type, boolean inPlace) {
        boolean atRoot = rank == root;
        boolean rootInPlace = atRoot && inPlace;
        ScheduleBuilder builder = new ScheduleBuilder(this, rank, size, root, 0, type, null)
                .inputBytes(rootInPlace ? 0 : layout.bytes(rank))
                .outputBytes(atRoot ? layout.extentBytes() : 0);
        builder.round();
        if (!atRoot) {
            builder.send(Slots.INPUT, 0, layout.bytes(rank), root);
            return builder.build();
        }
        if (!rootInPlace) {
            builder.copy(Slots.INPUT, 0, Slots.OUTPUT, layout.offset(rank), layout.bytes(rank));
        }
        for (int peer = 0; peer < size; peer++) {
            if (peer != root) {
                builder.receive(Slots.OUTPUT, layout.offset(peer), layout.bytes(peer), peer);
            }
        }
        return builder.build();
    }
}
