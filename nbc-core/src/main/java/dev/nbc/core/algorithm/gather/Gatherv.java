package dev.nbc.core.algorithm.gather;

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
 * The gather of blocks of different sizes (MPI_Igatherv): rank r's {@code sendCount} elements to
 * the root's {@code receiveBuffer} at element {@code displacements[r]}. One algorithm, linear.
 */
public final class Gatherv {
    public static final CollectiveDefinition<GathervAlgorithm> DEFINITION =
            CollectiveDefinition.blocksOfAnySize(GathervAlgorithm.class, Blocks.ONE, Blocks.PER_RANK,
                    Gatherv::uniform);

    private Gatherv() {
    }

    /**
     * MPI_Gatherv: rank r's {@code sendCount} elements land in the root's {@code receiveBuffer}
     * at element {@code displacements[r]}, {@code receiveCounts[r]} of them (which must equal r's
     * sendCount). {@code receiveBuffer}, {@code receiveCounts} and {@code displacements} are used at
     * the root only. At the root {@code sendBuffer} null means in place (its block is already there)
     * and {@code sendCount} is ignored, as MPI ignores it with MPI_IN_PLACE.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, int sendCount, ByteBuffer receiveBuffer,
                                   int[] receiveCounts, int[] displacements, DataType type, int root) {
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkRoot(root, comm.size());
        int rank = comm.rank();
        int size = comm.size();
        BlockLayout layout;
        ByteBuffer output = null;
        ByteBuffer input;
        if (rank == root) {
            layout = CollectiveArguments.layout("receiveCounts", receiveCounts, "displacements", displacements, size, type, true);
            output = CollectiveArguments.region("receiveBuffer", receiveBuffer, layout.extentBytes() / type.sizeInBytes(), type);
            input = sendBuffer == null ? null : CollectiveArguments.ownBlock("sendBuffer", sendBuffer, "sendCount", sendCount,
                    "receiveCounts[" + rank + "] at the root", receiveCounts[rank], type);
        } else {
            CollectiveArguments.checkCount("sendCount", sendCount);
            layout = BlockLayout.ownBlockOnly(rank, size, sendCount, type);
            input = CollectiveArguments.region("sendBuffer",
                    CollectiveArguments.requireNotInPlace("sendBuffer", sendBuffer, rank, root), sendCount, type);
        }
        boolean inPlace = input == null;
        GathervAlgorithm chosen = GathervAlgorithm.LINEAR;
        return new PlannedCall(new ScheduleKey(chosen, root, 0, type, null, inPlace, 0, List.of(layout.asKey())),
                () -> chosen.build(rank, size, root, layout, type, inPlace), input, output,
                () -> "IGATHERV of " + type + " to " + root);
    }

    /** The uniform call ({@link CollectiveDefinition#uniform}): the root receives every rank's block of {@code count}, block r at r x count. */
    private static PlannedCall uniform(Communicator comm, ByteBuffer send, ByteBuffer receive, int count, DataType type,
                                       ReduceOp op, int root, GathervAlgorithm algorithm) {
        int[] counts = CollectiveDefinition.uniformCounts(count, comm.size());
        int[] displacements = CollectiveDefinition.uniformDisplacements(count, comm.size());
        return plan(comm, send, count, receive, counts, displacements, type, root);
    }
}
