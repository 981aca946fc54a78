package dev.nbc.core.algorithm.allgather;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;

/** The ways to build an allgather. */
public enum AllgatherAlgorithm implements Algorithm {
    /** Ring ({@link RingAllgather}): P - 1 steps of one block; for large blocks. */
    RING,
    /** Bruck ({@link BruckAllgather}): ceil(log2 P) steps; for small blocks. */
    BRUCK;

    @Override
    public Collective collective() {
        return Collective.ALLGATHER;
    }

    /**
     * Builds rank {@code rank}'s schedule for gathering {@code count} elements of {@code type} from
     * every rank, rank r's at element r x count of every rank's OUTPUT (P x count elements).
     *
     * @param inPlace true if the rank's own block is already at its place in OUTPUT (MPI_IN_PLACE);
     *                else it is read from INPUT
     */
    public Schedule build(int rank, int size, int count, DataType type, boolean inPlace) {
        AllgatherShape shape = new AllgatherShape(rank, size, type.bytesFor(count), inPlace);
        ScheduleBuilder builder = new ScheduleBuilder(this, rank, size, -1, count, type, null)
                .inputBytes(inPlace ? 0 : shape.blockBytes())
                .outputBytes(size * shape.blockBytes());
        switch (this) {
            case RING -> RingAllgather.append(builder, shape);
            case BRUCK -> BruckAllgather.append(builder, shape);
        }
        return builder.build();
    }
}
