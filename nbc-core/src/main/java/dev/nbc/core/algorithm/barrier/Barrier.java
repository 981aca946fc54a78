package dev.nbc.core.algorithm.barrier;

import dev.nbc.core.Communicator;
import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.CollectiveDefinition;
import dev.nbc.core.algorithm.CollectiveDefinition.Blocks;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.internal.PlannedCall;
import dev.nbc.core.internal.ScheduleKey;

import java.nio.ByteBuffer;

/** The barrier (MPI_Ibarrier): no buffers, one algorithm, dissemination. */
public final class Barrier {
    public static final CollectiveDefinition<BarrierAlgorithm> DEFINITION =
            CollectiveDefinition.equalBlocks(BarrierAlgorithm.class, Blocks.ONE, Blocks.ONE,
                    (selector, count, type, size, op) -> BarrierAlgorithm.DISSEMINATION,
                    (comm, send, receive, count, type, op, root, algorithm) -> plan(comm),
                    (algorithm, rank, size, count, type, op) -> algorithm.build(rank, size));

    private Barrier() {
    }

    public static PlannedCall plan(Communicator comm) {
        BarrierAlgorithm algorithm = BarrierAlgorithm.DISSEMINATION;
        int rank = comm.rank();
        int size = comm.size();
        return new PlannedCall(new ScheduleKey(algorithm, -1, 0, DataType.BYTE, null, false, 0),
                () -> algorithm.build(rank, size), null, null, () -> "IBARRIER");
    }
}
