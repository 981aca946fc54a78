package dev.nbc.core.algorithm.bcast;

import dev.nbc.core.Communicator;
import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.CollectiveDefinition;
import dev.nbc.core.algorithm.CollectiveDefinition.Blocks;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.internal.CollectiveArguments;
import dev.nbc.core.internal.PlannedCall;
import dev.nbc.core.internal.ScheduleKey;

import java.nio.ByteBuffer;

/** The broadcast (MPI_Ibcast): {@code count} elements from the root's buffer into everyone's. */
public final class Bcast {
    public static final CollectiveDefinition<BcastAlgorithm> DEFINITION =
            CollectiveDefinition.equalBlocks(BcastAlgorithm.class, Blocks.ONE, Blocks.ONE,
                    (selector, count, type, size, op) -> selector.bcast(type.bytesFor(count), size),
                    (comm, send, receive, count, type, op, root, algorithm) -> plan(comm, receive, count, type, root, algorithm),
                    (algorithm, rank, size, count, type, op) -> algorithm.build(rank, size, 0, count, type,
                            AlgorithmSelector.DEFAULT_SEGMENT_BYTES));

    private Bcast() {
    }

    /** Broadcasts {@code count} elements from {@code root}'s buffer into everyone's. */
    public static PlannedCall plan(Communicator comm, ByteBuffer buffer, int count, DataType type, int root,
                                   BcastAlgorithm algorithm) {
        CollectiveArguments.checkBlocks(count, type);
        CollectiveArguments.checkRoot(root, comm.size());
        ByteBuffer region = CollectiveArguments.region("buffer", buffer, count, type);
        AlgorithmSelector selector = comm.selector();
        BcastAlgorithm chosen = DEFINITION.chosen(algorithm, selector, count, type, comm.size(), null);
        int segmentBytes = selector.segmentBytes();
        int rank = comm.rank();
        int size = comm.size();
        return new PlannedCall(new ScheduleKey(chosen, root, count, type, null, false, segmentBytes),
                () -> chosen.build(rank, size, root, count, type, segmentBytes), "sendBuffer", null, "buffer", region,
                chosen.segmented() ? segmentBytes : 0, () -> "IBCAST " + count + " x " + type + " from " + root);
    }
}
