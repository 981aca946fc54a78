package dev.nbc.core.algorithm.alltoall;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;

/** The ways to build an all-to-all of blocks of different sizes (MPI_Alltoallv). */
public enum AlltoallvAlgorithm implements Algorithm {
    /** Pairwise exchange: in step s send to rank + s, receive from rank - s; one message each way per step. */
    PAIRWISE,
    /** Everything at once: one step of P - 1 messages each way. */
    LINEAR;

    @Override
    public Collective collective() {
        return Collective.ALLTOALLV;
    }

    /**
     * Rank {@code rank}'s schedule ({@link BlockExchange}): block j of {@code sends} to rank j, rank
     * i's block into OUTPUT where {@code receives} puts it; in place, the send blocks are in OUTPUT.
     */
    public Schedule build(int rank, int size, BlockLayout sends, BlockLayout receives, DataType type, boolean inPlace) {
        return BlockExchange.build(this, this == PAIRWISE, rank, size, sends, receives, type, inPlace);
    }
}
