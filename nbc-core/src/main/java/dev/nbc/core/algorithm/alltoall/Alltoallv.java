package dev.nbc.core.algorithm.alltoall;

import dev.nbc.core.Communicator;
import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.algorithm.CollectiveDefinition;
import dev.nbc.core.algorithm.CollectiveDefinition.Blocks;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.internal.CollectiveArguments;
import dev.nbc.core.internal.PlannedCall;
import dev.nbc.core.internal.ScheduleKey;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The all-to-all of blocks of different sizes (MPI_Ialltoallv): {@code sendCounts[j]} elements
 * from element {@code sendDisplacements[j]} to rank j, which receives them at element
 * {@code receiveDisplacements[rank]}.
 */
public final class Alltoallv {
    public static final CollectiveDefinition<AlltoallvAlgorithm> DEFINITION =
            CollectiveDefinition.blocksOfAnySize(AlltoallvAlgorithm.class, Blocks.PER_RANK, Blocks.PER_RANK,
                    Alltoallv::uniform);

    private Alltoallv() {
    }

    /**
     * MPI_Alltoallv: the block {@code sendCounts[j]} elements from element {@code sendDisplacements[j]}
     * of {@code sendBuffer} goes to rank j, which receives it at element
     * {@code receiveDisplacements[rank]} of its {@code receiveBuffer} ({@code receiveCounts[rank]}
     * elements, which must equal it). {@code sendBuffer} null means in place: the send blocks are in
     * {@code receiveBuffer}, laid out by the receive counts and displacements, and
     * {@code sendCounts} and {@code sendDisplacements} are ignored, as MPI ignores them.
     * {@code algorithm} null: {@link AlltoallvAlgorithm#PAIRWISE}.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, int[] sendCounts, int[] sendDisplacements,
                                   ByteBuffer receiveBuffer, int[] receiveCounts, int[] receiveDisplacements, DataType type,
                                   AlltoallvAlgorithm algorithm) {
        CollectiveArguments.checkType(type);
        int rank = comm.rank();
        int size = comm.size();
        BlockLayout receives = CollectiveArguments.layout("receiveCounts", receiveCounts, "receiveDisplacements",
                receiveDisplacements, size, type, true);
        boolean inPlace = sendBuffer == null;
        BlockLayout sends = inPlace ? receives : CollectiveArguments.layout("sendCounts", sendCounts, "sendDisplacements",
                sendDisplacements, size, type, false);
        ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, receives.extentBytes() / type.sizeInBytes(),
                type);
        ByteBuffer input = inPlace ? null
                : CollectiveArguments.region("sendBuffer", sendBuffer, sends.extentBytes() / type.sizeInBytes(), type);
        if (!inPlace && sendCounts[rank] != receiveCounts[rank]) {
            throw new IllegalArgumentException("sendCounts: [" + rank + "] must equal receiveCounts[" + rank + "], "
                    + receiveCounts[rank] + ", but was " + sendCounts[rank]);
        }
        CollectiveArguments.checkApart(input, output);
        AlltoallvAlgorithm chosen = algorithm != null ? algorithm : AlltoallvAlgorithm.PAIRWISE;
        return new PlannedCall(new ScheduleKey(chosen, -1, 0, type, null, inPlace, 0, List.of(sends.asKey(), receives.asKey())),
                () -> chosen.build(rank, size, sends, receives, type, inPlace), input, output,
                () -> "IALLTOALLV of " + type);
    }

    /** The uniform call ({@link CollectiveDefinition#uniform}): every rank sends and receives blocks of {@code count}, block r at r x count. */
    private static PlannedCall uniform(Communicator comm, ByteBuffer send, ByteBuffer receive, int count, DataType type,
                                       ReduceOp op, int root, AlltoallvAlgorithm algorithm) {
        int[] counts = CollectiveDefinition.uniformCounts(count, comm.size());
        int[] displacements = CollectiveDefinition.uniformDisplacements(count, comm.size());
        return plan(comm, send, counts, displacements, receive, counts, displacements, type, algorithm);
    }
}
