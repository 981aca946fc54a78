package dev.nbc.core.algorithm.alltoall;

import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;

/**
 * The ways to build an all-to-all whose blocks have a count, a byte displacement and a type per
 * peer (MPI_Alltoallw): alltoallv's exchanges ({@link BlockExchange}) over blocks of bytes.
 */
public enum AlltoallwAlgorithm implements Algorithm {
    /** In step s, one message to rank + s and one from rank - s: P - 1 steps. */
    PAIRWISE,
    /** All P - 1 messages each way in one step. */
    LINEAR;

    @Override
    public Collective collective() {
        return Collective.ALLTOALLW;
    }

    /**
     * Rank {@code rank}'s schedule: {@code sends} and {@code receives} count bytes (their type is
     * {@link DataType#BYTE}); block j of {@code sends} to rank j, rank i's block into OUTPUT where
     * {@code receives} puts it; in place, the send blocks are in OUTPUT as {@code receives} lays them out.
     */
    public Schedule build(int rank, int size, BlockLayout sends, BlockLayout receives, boolean inPlace) {
        return BlockExchange.build(this, this == PAIRWISE, rank, size, sends, receives, DataType.BYTE, inPlace);
    }
}
