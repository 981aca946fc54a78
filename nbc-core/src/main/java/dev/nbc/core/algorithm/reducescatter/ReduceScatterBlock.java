package dev.nbc.core.algorithm.reducescatter;

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

/**
 * The reduce-scatter with equal blocks (MPI_Ireduce_scatter_block): every rank's P blocks of
 * {@code count} elements combined with {@code op} in rank order, block r to rank r.
 */
public final class ReduceScatterBlock {
    public static final CollectiveDefinition<ReduceScatterBlockAlgorithm> DEFINITION =
            CollectiveDefinition.equalBlocks(ReduceScatterBlockAlgorithm.class, Blocks.PER_RANK, Blocks.ONE,
                    (selector, count, type, size, op) -> selector.reduceScatterBlock(op),
                    (comm, send, receive, count, type, op, root, algorithm) -> plan(comm, send, receive, count, type, op, algorithm),
                    (algorithm, rank, size, count, type, op) -> algorithm.build(rank, size, count, type, op, false));

    private ReduceScatterBlock() {
    }

    /**
     * Combines every rank's {@code sendBuffer} (P blocks of {@code count} elements) with {@code op}
     * in rank order, and gives rank r block r of the result in its {@code receiveBuffer} (count
     * elements; MPI_Reduce_scatter_block). {@code sendBuffer} null means in place: the P blocks are
     * in {@code receiveBuffer}, whose first block gets the result.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                   ReduceOp op, ReduceScatterBlockAlgorithm algorithm) {
        CollectiveArguments.checkReduction(count, type, op);
        int rank = comm.rank();
        int size = comm.size();
        type.bytesFor((long) count * size); // refuses buffers larger than Java's, naming count
        boolean inPlace = sendBuffer == null;
        ByteBuffer input = inPlace ? null : CollectiveArguments.region("sendBuffer", sendBuffer, count * size, type);
        ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, inPlace ? count * size : count, type);
        CollectiveArguments.checkApart(input, output);
        ReduceScatterBlockAlgorithm chosen = DEFINITION.chosen(algorithm, comm.selector(), count, type, size, op);
        return new PlannedCall(new ScheduleKey(chosen, -1, count, type, op, inPlace, 0),
                () -> chosen.build(rank, size, count, type, op, inPlace), input, output,
                () -> "IREDUCE_SCATTER_BLOCK " + count + " x " + type + " " + op.name());
    }
}
