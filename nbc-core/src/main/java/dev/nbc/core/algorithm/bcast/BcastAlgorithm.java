package dev.nbc.core.algorithm.bcast;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;

/** The ways to build a broadcast. */
public enum BcastAlgorithm implements Algorithm {
    /** Binomial tree ({@link BinomialBcast}); the paper's equation (3). */
    BINOMIAL,
    /** Segmented pipelined chain ({@link PipelinedChainBcast}); for large messages. */
    PIPELINED_CHAIN,
    /** Binomial scatter + ring allgather ({@link ScatterAllgatherBcast}); for large messages. */
    SCATTER_ALLGATHER;

    @Override
    public Collective collective() {
        return Collective.BCAST;
    }

    /** True if the algorithm moves the message in segments of the selector's segment size. */
    public boolean segmented() {
        return this == PIPELINED_CHAIN;
    }

    /**
     * Builds rank {@code rank}'s schedule for broadcasting {@code count} elements of {@code type}
     * from {@code root}, in slot OUTPUT.
     *
     * @param segmentBytes segment size of the pipelined algorithms (ignored by the others)
     */
    public Schedule build(int rank, int size, int root, int count, DataType type, int segmentBytes) {
        int bytes = type.bytesFor(count);
        ScheduleBuilder builder = new ScheduleBuilder(this, rank, size, root, count, type, null).outputBytes(bytes);
        switch (this) {
            case BINOMIAL -> BinomialBcast.append(builder, bytes, rank, size, root);
            case PIPELINED_CHAIN -> PipelinedChainBcast.append(builder, bytes, rank, size, root, segmentBytes);
            case SCATTER_ALLGATHER -> ScatterAllgatherBcast.append(builder, bytes, rank, size, root);
        }
        return builder.build();
    }
}
