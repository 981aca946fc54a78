package dev.nbc.core.algorithm.scatter;

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
 * The scatter of blocks of different sizes (MPI_Iscatterv): the root's {@code sendCounts[r]}
 * elements from element {@code displacements[r]} to rank r. One algorithm, linear.
 */
public final class Scatterv {
    public static final CollectiveDefinition<ScattervAlgorithm> DEFINITION =
            CollectiveDefinition.blocksOfAnySize(ScattervAlgorithm.class, Blocks.PER_RANK, Blocks.ONE,
                    Scatterv::uniform);

    private Scatterv() {
    }

    /**
     * MPI_Scatterv: the root's block for rank r ({@code sendCounts[r]} elements from element
     * {@code displacements[r]} of {@code sendBuffer}) lands in r's {@code receiveBuffer}
     * ({@code receiveCount} elements, which must equal it). The send arguments are used at the root
     * only. At the root {@code receiveBuffer} null means in place (its block stays where it is) and
     * {@code receiveCount} is ignored, as MPI ignores it with MPI_IN_PLACE.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, int[] sendCounts, int[] displacements,
                                   ByteBuffer receiveBuffer, int receiveCount, DataType type, int root) {
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkRoot(root, comm.size());
        int rank = comm.rank();
        int size = comm.size();
        BlockLayout layout;
        ByteBuffer input = null;
        ByteBuffer output;
        if (rank == root) {
            layout = CollectiveArguments.layout("sendCounts", sendCounts, "displacements", displacements, size, type, false);
            input = CollectiveArguments.region("sendBuffer", sendBuffer, layout.extentBytes() / type.sizeInBytes(), type);
            output = receiveBuffer == null ? null : CollectiveArguments.ownBlock("receiveBuffer", receiveBuffer, "receiveCount",
                    receiveCount, "sendCounts[" + rank + "] at the root", sendCounts[rank], type);
        } else {
            CollectiveArguments.checkCount("receiveCount", receiveCount);
            layout = BlockLayout.ownBlockOnly(rank, size, receiveCount, type);
            output = CollectiveArguments.region("receiveBuffer",
                    CollectiveArguments.requireNotInPlace("receiveBuffer", receiveBuffer, rank, root), receiveCount, type);
        }
        boolean inPlace = output == null;
        ScattervAlgorithm chosen = ScattervAlgorithm.LINEAR;
        return new PlannedCall(new ScheduleKey(chosen, root, 0, type, null, inPlace, 0, List.of(layout.asKey())),
                () -> chosen.build(rank, size, root, layout, type, inPlace), input, output,
                () -> "ISCATTERV of " + type + " from " + root);
    }

    /** The uniform call ({@link CollectiveDefinition#uniform}): the root sends every rank a block of {@code count}, block r at r x count. */
    private static PlannedCall uniform(Communicator comm, ByteBuffer send, ByteBuffer receive, int count, DataType type,
                                       ReduceOp op, int root, ScattervAlgorithm algorithm) {
        int[] counts = CollectiveDefinition.uniformCounts(count, comm.size());
        int[] displacements = CollectiveDefinition.uniformDisplacements(count, comm.size());
        return plan(comm, send, counts, displacements, receive, count, type, root);
    }
}
