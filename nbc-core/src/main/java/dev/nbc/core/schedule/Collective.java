package dev.nbc.core.schedule;

/** The collective operations the library builds schedules for. */
public enum Collective {
    BARRIER,
    BCAST,
    ALLREDUCE,
    REDUCE,
    ALLGATHER,
    GATHER,
    SCATTER,
    ALLTOALL,
    SCAN,
    EXSCAN,
    REDUCE_SCATTER_BLOCK,
    GATHERV,
    SCATTERV,
    ALLGATHERV,
    ALLTOALLV,
    REDUCE_SCATTER
}
