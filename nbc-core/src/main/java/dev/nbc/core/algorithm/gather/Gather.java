package dev.nbc.core.algorithm.gather;

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

/** The gather (MPI_Igather): every rank's {@code count} elements into the root's buffer, rank r's at element r x count. */
public final class Gather {
    public static final CollectiveDefinition<GatherAlgorithm> DEFINITION =
            CollectiveDefinition.equalBlocks(GatherAlgorithm.class, Blocks.ONE, Blocks.PER_RANK,
                    (selector, count, type, size, op) -> selector.gather(type.bytesFor(count), size),
                    (comm, send, receive, count, type, op, root, algorithm) -> plan(comm, send, receive, count, type, root, algorithm),
                    (algorithm, rank, size, count, type, op) -> algorithm.build(rank, size, 0, count, type, false));

    private Gather() {
    }

    /**
     * Gathers {@code count} elements of every rank's {@code sendBuffer} into {@code root}'s
     * {@code receiveBuffer} (P x count elements, rank r's at element r x count). Only the root's
     * {@code receiveBuffer} is used (others may pass null). At the root, {@code sendBuffer} null or
     * the same memory as its own block of {@code receiveBuffer} means in place; every other rank
     * must give a {@code sendBuffer}.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                   int root, GatherAlgorithm algorithm) {
        CollectiveArguments.checkBlocks(count, type);
        CollectiveArguments.checkRoot(root, comm.size());
        int rank = comm.rank();
        int size = comm.size();
        CollectiveArguments.RootedBuffers buffers = CollectiveArguments.rootedBlocks(rank, root, size,
                "receiveBuffer", receiveBuffer, "sendBuffer", sendBuffer, count, type);
        GatherAlgorithm chosen = DEFINITION.chosen(algorithm, comm.selector(), count, type, size, null);
        boolean inPlace = buffers.inPlace();
        return new PlannedCall(new ScheduleKey(chosen, root, count, type, null, inPlace, 0),
                () -> chosen.build(rank, size, root, count, type, inPlace), buffers.own(), buffers.whole(),
                () -> "IGATHER " + count + " x " + type + " to " + root);
    }
}
