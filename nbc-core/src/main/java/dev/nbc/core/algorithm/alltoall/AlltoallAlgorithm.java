package dev.nbc.core.algorithm.alltoall;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;

/** The ways to build an all-to-all. */
public enum AlltoallAlgorithm implements Algorithm {
    /** Pairwise exchange ({@link ExchangeAlltoall}, a round per step): P - 1 steps of one message each way; for large blocks. */
    PAIRWISE,
    /** Everything at once ({@link ExchangeAlltoall}, one round): one step of P - 1 messages each way; for small blocks. */
    LINEAR;

    @Override
    public Collective collective() {
        return Collective.ALLTOALL;
    }

    /**
     * Builds rank {@code rank}'s schedule for sending block j of its INPUT ({@code count} elements
     * of {@code type} each, P blocks) to rank j, which receives it as block {@code rank} of its
     * OUTPUT. With {@code inPlace} (MPI_IN_PLACE) the send blocks are in OUTPUT and there is no INPUT.
     */
    public Schedule build(int rank, int size, int count, DataType type, boolean inPlace) {
        AlltoallShape shape = new AlltoallShape(rank, size, type.bytesFor(count), inPlace);
        int bytes = size * shape.blockBytes();
        ScheduleBuilder builder = new ScheduleBuilder(this, rank, size, -1, count, type, null)
                .inputBytes(inPlace ? 0 : bytes)
                .outputBytes(bytes);
        ExchangeAlltoall.append(builder, shape, this == PAIRWISE);
        return builder.build();
    }
}
