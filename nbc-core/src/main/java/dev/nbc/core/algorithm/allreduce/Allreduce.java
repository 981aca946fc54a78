package dev.nbc.core.algorithm.allreduce;

import dev.nbc.core.Communicator;
import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.CollectiveDefinition;
import dev.nbc.core.algorithm.CollectiveDefinition.Blocks;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.internal.CollectiveArguments;
import dev.nbc.core.internal.PlannedCall;
import dev.nbc.core.internal.SameSizeBuffers;
import dev.nbc.core.internal.ScheduleKey;

import java.nio.ByteBuffer;

/** The allreduce (MPI_Iallreduce): every rank's {@code count} elements combined with {@code op}, on every rank. */
public final class Allreduce {
    public static final CollectiveDefinition<AllreduceAlgorithm> DEFINITION =
            CollectiveDefinition.equalBlocks(AllreduceAlgorithm.class, Blocks.ONE, Blocks.ONE,
                    (selector, count, type, size, op) -> selector.allreduce(count, type.bytesFor(count), size, op),
                    (comm, send, receive, count, type, op, root, algorithm) -> plan(comm, send, receive, count, type, op, algorithm),
                    (algorithm, rank, size, count, type, op) -> algorithm.build(rank, size, count, type, op, false));

    private Allreduce() {
    }

    /**
     * Combines {@code count} elements of every rank's {@code sendBuffer} with {@code op} into every
     * rank's {@code receiveBuffer}. {@code sendBuffer} null, or the same region of memory as
     * {@code receiveBuffer} (the same object, a duplicate, a view), means in place: the contribution
     * is taken from {@code receiveBuffer}. Regions that share only some bytes are refused.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                   ReduceOp op, AllreduceAlgorithm algorithm) {
        CollectiveArguments.checkReduction(count, type, op);
        SameSizeBuffers buffers = SameSizeBuffers.of(sendBuffer, receiveBuffer, count, type);
        boolean inPlace = buffers.inPlace();
        int rank = comm.rank();
        int size = comm.size();
        AllreduceAlgorithm chosen = DEFINITION.chosen(algorithm, comm.selector(), count, type, size, op);
        return new PlannedCall(new ScheduleKey(chosen, -1, count, type, op, inPlace, 0),
                () -> chosen.build(rank, size, count, type, op, inPlace), buffers.input(), buffers.output(),
                () -> "IALLREDUCE " + count + " x " + type + " " + op.name());
    }
}
