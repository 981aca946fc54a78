package dev.nbc.core.algorithm.scatter;

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

/** The scatter (MPI_Iscatter): block r of the root's buffer (P x count elements) to rank r. */
public final class Scatter {
    public static final CollectiveDefinition<ScatterAlgorithm> DEFINITION =
            CollectiveDefinition.equalBlocks(ScatterAlgorithm.class, Blocks.PER_RANK, Blocks.ONE,
                    (selector, count, type, size, op) -> selector.scatter(type.bytesFor(count), size),
                    (comm, send, receive, count, type, op, root, algorithm) -> plan(comm, send, receive, count, type, root, algorithm),
                    (algorithm, rank, size, count, type, op) -> algorithm.build(rank, size, 0, count, type, false));

    private Scatter() {
    }

    /**
     * Sends block r of {@code root}'s {@code sendBuffer} (P x count elements) to rank r's
     * {@code receiveBuffer} (count elements). Only the root's {@code sendBuffer} is used (others may
     * pass null). At the root, {@code receiveBuffer} null or the same memory as its own block of
     * {@code sendBuffer} means in place (its block stays where it is); every other rank must give a
     * {@code receiveBuffer}.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                   int root, ScatterAlgorithm algorithm) {
        CollectiveArguments.checkBlocks(count, type);
        CollectiveArguments.checkRoot(root, comm.size());
        int rank = comm.rank();
        int size = comm.size();
        CollectiveArguments.RootedBuffers buffers = CollectiveArguments.rootedBlocks(rank, root, size,
                "sendBuffer", sendBuffer, "receiveBuffer", receiveBuffer, count, type);
        ScatterAlgorithm chosen = DEFINITION.chosen(algorithm, comm.selector(), count, type, size, null);
        boolean inPlace = buffers.inPlace();
        return new PlannedCall(new ScheduleKey(chosen, root, count, type, null, inPlace, 0),
                () -> chosen.build(rank, size, root, count, type, inPlace), buffers.whole(), buffers.own(),
                () -> "ISCATTER " + count + " x " + type + " from " + root);
    }
}
