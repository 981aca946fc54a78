package dev.nbc.core.algorithm.allgather;

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
 * The allgather of blocks of different sizes (MPI_Iallgatherv): rank r's {@code sendCount}
 * elements to every rank's {@code receiveBuffer} at element {@code displacements[r]}. One
 * algorithm, the ring.
 */
public final class Allgatherv {
    public static final CollectiveDefinition<AllgathervAlgorithm> DEFINITION =
            CollectiveDefinition.blocksOfAnySize(AllgathervAlgorithm.class, Blocks.ONE, Blocks.PER_RANK,
                    Allgatherv::uniform);

    private Allgatherv() {
    }

    /**
     * MPI_Allgatherv: rank r's {@code sendCount} elements land in every rank's
     * {@code receiveBuffer} at element {@code displacements[r]} ({@code receiveCounts[r]} of them,
     * which must equal r's sendCount). {@code sendBuffer} null means in place, and {@code sendCount}
     * is ignored then, as MPI ignores it with MPI_IN_PLACE.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, int sendCount, ByteBuffer receiveBuffer,
                                   int[] receiveCounts, int[] displacements, DataType type) {
        CollectiveArguments.checkType(type);
        int rank = comm.rank();
        int size = comm.size();
        BlockLayout layout = CollectiveArguments.layout("receiveCounts", receiveCounts, "displacements", displacements,
                size, type, true);
        ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, layout.extentBytes() / type.sizeInBytes(),
                type);
        ByteBuffer input = sendBuffer == null ? null : CollectiveArguments.ownBlock("sendBuffer", sendBuffer, "sendCount",
                sendCount, "receiveCounts[" + rank + "]", receiveCounts[rank], type);
        boolean inPlace = input == null;
        AllgathervAlgorithm chosen = AllgathervAlgorithm.RING;
        return new PlannedCall(new ScheduleKey(chosen, -1, 0, type, null, inPlace, 0, List.of(layout.asKey())),
                () -> chosen.build(rank, size, layout, type, inPlace), input, output,
                () -> "IALLGATHERV of " + type);
    }

    /** The uniform call ({@link CollectiveDefinition#uniform}): every rank gathers blocks of {@code count}, block r at r x count. */
    private static PlannedCall uniform(Communicator comm, ByteBuffer send, ByteBuffer receive, int count, DataType type,
                                       ReduceOp op, int root, AllgathervAlgorithm algorithm) {
        int[] counts = CollectiveDefinition.uniformCounts(count, comm.size());
        int[] displacements = CollectiveDefinition.uniformDisplacements(count, comm.size());
        return plan(comm, send, count, receive, counts, displacements, type);
    }
}
