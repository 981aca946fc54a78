package dev.nbc.core.algorithm.alltoall;

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

/** The all-to-all (MPI_Ialltoall): block j of every rank's P blocks of {@code count} elements to rank j. */
public final class Alltoall {
    public static final CollectiveDefinition<AlltoallAlgorithm> DEFINITION =
            CollectiveDefinition.equalBlocks(AlltoallAlgorithm.class, Blocks.PER_RANK, Blocks.PER_RANK,
                    (selector, count, type, size, op) -> selector.alltoall(type.bytesFor(count), size),
                    (comm, send, receive, count, type, op, root, algorithm) -> plan(comm, send, receive, count, type, algorithm),
                    (algorithm, rank, size, count, type, op) -> algorithm.build(rank, size, count, type, false));

    private Alltoall() {
    }

    /**
     * Sends block j of every rank's {@code sendBuffer} ({@code count} elements each, P blocks) to
     * rank j, which receives it as block {@code rank} of its {@code receiveBuffer} (P blocks).
     * {@code sendBuffer} null, or the same memory as {@code receiveBuffer}, means in place: the send
     * blocks are in {@code receiveBuffer}, which the result replaces.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                   AlltoallAlgorithm algorithm) {
        CollectiveArguments.checkBlocks(count, type);
        int rank = comm.rank();
        int size = comm.size();
        type.bytesFor((long) count * size); // refuses buffers larger than Java's, naming count
        SameSizeBuffers buffers = SameSizeBuffers.of(sendBuffer, receiveBuffer, count * size, type);
        AlltoallAlgorithm chosen = DEFINITION.chosen(algorithm, comm.selector(), count, type, size, null);
        boolean inPlace = buffers.inPlace();
        return new PlannedCall(new ScheduleKey(chosen, -1, count, type, null, inPlace, 0),
                () -> chosen.build(rank, size, count, type, inPlace), buffers.input(), buffers.output(),
                () -> "IALLTOALL " + count + " x " + type);
    }
}
