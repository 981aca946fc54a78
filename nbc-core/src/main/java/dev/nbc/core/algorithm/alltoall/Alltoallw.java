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
import java.util.Arrays;
import java.util.List;

/**
 * The all-to-all with a count, a displacement in bytes and a type per peer (MPI_Ialltoallw), the
 * most general all-to-all: rank i's block for rank j is {@code sendCounts[j]} elements of
 * {@code sendTypes[j]} from byte {@code sendDisplacements[j]}, and rank j receives it as
 * {@code receiveCounts[i]} elements of {@code receiveTypes[i]} at byte {@code receiveDisplacements[i]}.
 * The two must be the same number of bytes (MPI requires the same type signature; the data move as
 * bytes, in the machine's order).
 */
public final class Alltoallw {
    public static final CollectiveDefinition<AlltoallwAlgorithm> DEFINITION =
            CollectiveDefinition.blocksOfAnySize(AlltoallwAlgorithm.class, Blocks.PER_RANK, Blocks.PER_RANK,
                    Alltoallw::uniform);

    private Alltoallw() {
    }

    /**
     * {@code sendBuffer} null means in place: the send blocks are in {@code receiveBuffer}, laid out
     * by the receive counts, displacements and types, and the send counts, displacements and types
     * are ignored, as MPI ignores them. {@code algorithm} null: {@link AlltoallwAlgorithm#PAIRWISE}.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, int[] sendCounts, int[] sendDisplacements,
                                   DataType[] sendTypes, ByteBuffer receiveBuffer, int[] receiveCounts,
                                   int[] receiveDisplacements, DataType[] receiveTypes, AlltoallwAlgorithm algorithm) {
        int rank = comm.rank();
        int size = comm.size();
        BlockLayout receives = CollectiveArguments.byteLayout("receiveCounts", receiveCounts, "receiveDisplacements",
                receiveDisplacements, "receiveTypes", receiveTypes, size, true);
        boolean inPlace = sendBuffer == null;
        BlockLayout sends = inPlace ? receives : CollectiveArguments.byteLayout("sendCounts", sendCounts, "sendDisplacements",
                sendDisplacements, "sendTypes", sendTypes, size, false);
        ByteBuffer output = CollectiveArguments.regionOfTypes("receiveBuffer", receiveBuffer, receives.extentBytes(),
                receiveTypes);
        ByteBuffer input = inPlace ? null
                : CollectiveArguments.regionOfTypes("sendBuffer", sendBuffer, sends.extentBytes(), sendTypes);
        if (!inPlace && sends.bytes(rank) != receives.bytes(rank)) {
            throw new IllegalArgumentException("sendCounts: [" + rank + "] x " + sendTypes[rank] + " must be as many bytes as"
                    + " receiveCounts[" + rank + "] x " + receiveTypes[rank] + ", " + receives.bytes(rank) + ", but is "
                    + sends.bytes(rank));
        }
        CollectiveArguments.checkApart(input, output);
        AlltoallwAlgorithm chosen = algorithm != null ? algorithm : AlltoallwAlgorithm.PAIRWISE;
        return new PlannedCall(new ScheduleKey(chosen, -1, 0, DataType.BYTE, null, inPlace, 0,
                List.of(sends.asKey(), receives.asKey())),
                () -> chosen.build(rank, size, sends, receives, inPlace), input, output,
                () -> "IALLTOALLW of " + Arrays.stream(receiveTypes).distinct().toList());
    }

    /**
     * The uniform call ({@link CollectiveDefinition#uniform}): {@code count} elements of
     * {@code type} to and from every peer, block r at byte r x count x type size.
     */
    private static PlannedCall uniform(Communicator comm, ByteBuffer send, ByteBuffer receive, int count, DataType type,
                                       ReduceOp op, int root, AlltoallwAlgorithm algorithm) {
        int size = comm.size();
        int[] counts = CollectiveDefinition.uniformCounts(count, size);
        int[] byteDisplacements = CollectiveDefinition.uniformDisplacements(type.bytesFor(count), size);
        DataType[] types = new DataType[size];
        Arrays.fill(types, type);
        return plan(comm, send, counts, byteDisplacements, types, receive, counts, byteDisplacements, types, algorithm);
    }
}
