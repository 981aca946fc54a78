package dev.nbc.core.algorithm.allgather;

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

/** The allgather (MPI_Iallgather): every rank's {@code count} elements, rank r's at element r x count, on every rank. */
public final class Allgather {
    public static final CollectiveDefinition<AllgatherAlgorithm> DEFINITION =
            CollectiveDefinition.equalBlocks(AllgatherAlgorithm.class, Blocks.ONE, Blocks.PER_RANK,
                    (selector, count, type, size, op) -> selector.allgather(Math.multiplyExact(type.bytesFor(count), size), size),
                    (comm, send, receive, count, type, op, root, algorithm) -> plan(comm, send, receive, count, type, algorithm),
                    (algorithm, rank, size, count, type, op) -> algorithm.build(rank, size, count, type, false));

    private Allgather() {
    }

    /**
     * Gathers {@code count} elements of every rank's {@code sendBuffer} into every rank's
     * {@code receiveBuffer}, rank r's at element r x count ({@code receiveBuffer} holds P x count).
     * {@code sendBuffer} null, or the same memory as this rank's block of {@code receiveBuffer},
     * means in place: the block is already there.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int count, DataType type,
                                   AllgatherAlgorithm algorithm) {
        CollectiveArguments.checkBlocks(count, type);
        int rank = comm.rank();
        int size = comm.size();
        int blockBytes = type.bytesFor(count);
        long total = (long) count * size;
        type.bytesFor(total); // refuses a result larger than a buffer, naming count
        ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, (int) total, type);
        ByteBuffer input = sendBuffer == null ? null : CollectiveArguments.region("sendBuffer", sendBuffer, count, type);
        boolean inPlace = input == null || CollectiveArguments.isOwnBlock("sendBuffer", sendBuffer, "receiveBuffer",
                receiveBuffer, rank, blockBytes, output.capacity());
        AllgatherAlgorithm chosen = DEFINITION.chosen(algorithm, comm.selector(), count, type, size, null);
        return new PlannedCall(new ScheduleKey(chosen, -1, count, type, null, inPlace, 0),
                () -> chosen.build(rank, size, count, type, inPlace), inPlace ? null : input, output,
                () -> "IALLGATHER " + count + " x " + type);
    }
}
