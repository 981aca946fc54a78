package dev.nbc.core.algorithm.reduce;

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

/** The reduce (MPI_Ireduce): every rank's {@code count} elements combined with {@code op}, in rank order, at the root. */
public final class Reduce {
    public static final CollectiveDefinition<ReduceAlgorithm> DEFINITION =
            CollectiveDefinition.equalBlocks(ReduceAlgorithm.class, Blocks.ONE, Blocks.ONE,
                    (selector, count, type, size, op) -> selector.reduce(type.bytesFor(count), size, op),
                    (comm, send, receive, count, type, op, root, algorithm) -> plan(comm, send, receive, count, type, op, root, algorithm),
                    (algorithm, rank, size, count, type, op) -> algorithm.build(rank, size, 0, count, type, op, false));

    private Reduce() {
    }

    /**
     * Combines {@code count} elements of every rank's {@code sendBuffer} with {@code op} into
     * {@code root}'s {@code receiveBuffer}, in rank order (x0 op x1 op ...). Only the root's
     * {@code receiveBuffer} is used (others may pass null). At the root, {@code sendBuffer} null or
     * the same region of memory as {@code receiveBuffer} means in place: its contribution is taken
     * from {@code receiveBuffer}; every other rank must give a {@code sendBuffer}.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                   ReduceOp op, int root, ReduceAlgorithm algorithm) {
        CollectiveArguments.checkReduction(count, type, op);
        CollectiveArguments.checkRoot(root, comm.size());
        int rank = comm.rank();
        int size = comm.size();
        ByteBuffer output = null;
        ByteBuffer input;
        boolean inPlace = false;
        if (rank == root) {
            output = CollectiveArguments.region("receiveBuffer", receiveBuffer, count, type);
            input = sendBuffer == null ? null : CollectiveArguments.region("sendBuffer", sendBuffer, count, type);
            inPlace = input == null
                    || CollectiveArguments.sameRegion("sendBuffer", sendBuffer, "receiveBuffer", receiveBuffer, output.capacity());
            if (inPlace) {
                input = null;
            }
        } else {
            input = CollectiveArguments.region("sendBuffer",
                    CollectiveArguments.requireNotInPlace("sendBuffer", sendBuffer, rank, root), count, type);
        }
        ReduceAlgorithm chosen = DEFINITION.chosen(algorithm, comm.selector(), count, type, size, op);
        boolean rootInPlace = inPlace;
        return new PlannedCall(new ScheduleKey(chosen, root, count, type, op, rootInPlace, 0),
                () -> chosen.build(rank, size, root, count, type, op, rootInPlace), input, output,
                () -> "IREDUCE " + count + " x " + type + " " + op.name() + " to " + root);
    }
}
