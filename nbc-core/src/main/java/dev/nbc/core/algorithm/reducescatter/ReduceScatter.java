package dev.nbc.core.algorithm.reducescatter;

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
 * The reduce-scatter (MPI_Ireduce_scatter): every rank's P blocks, block r of {@code counts[r]}
 * elements, packed, combined with {@code op} in rank order; block r to rank r.
 */
public final class ReduceScatter {
    public static final CollectiveDefinition<ReduceScatterAlgorithm> DEFINITION =
            CollectiveDefinition.blocksOfAnySize(ReduceScatterAlgorithm.class, Blocks.PER_RANK, Blocks.ONE,
                    ReduceScatter::uniform);

    private ReduceScatter() {
    }

    /**
     * MPI_Reduce_scatter: every rank's {@code sendBuffer} holds P blocks, block r of
     * {@code counts[r]} elements, packed; they are combined with {@code op} in rank order and rank r
     * gets block r of the result in its {@code receiveBuffer}. {@code sendBuffer} null means in
     * place: the P blocks are in {@code receiveBuffer}, whose start gets the result.
     * {@code algorithm} null: the ring for a commutative operation, reduce then scatter (rank order
     * kept) for the others.
     */
    public static PlannedCall plan(Communicator comm, ByteBuffer sendBuffer, ByteBuffer receiveBuffer, int[] counts, DataType type,
                                   ReduceOp op, ReduceScatterAlgorithm algorithm) {
        CollectiveArguments.checkType(type);
        CollectiveArguments.checkOp(op, type);
        if (counts == null) {
            throw new IllegalArgumentException("counts: must not be null");
        }
        int rank = comm.rank();
        int size = comm.size();
        BlockLayout blocks = CollectiveArguments.layout("counts", counts, "counts", packedDisplacements(counts), size, type, true);
        int allElements = blocks.extentBytes() / type.sizeInBytes();
        boolean inPlace = sendBuffer == null;
        ByteBuffer input = inPlace ? null : CollectiveArguments.region("sendBuffer", sendBuffer, allElements, type);
        ByteBuffer output = CollectiveArguments.region("receiveBuffer", receiveBuffer, inPlace ? allElements : counts[rank], type);
        CollectiveArguments.checkApart(input, output);
        ReduceScatterAlgorithm chosen = algorithm != null ? algorithm
                : op.isCommutative() ? ReduceScatterAlgorithm.RING : ReduceScatterAlgorithm.REDUCE_SCATTER;
        return new PlannedCall(new ScheduleKey(chosen, -1, 0, type, op, inPlace, 0, List.of(blocks.asKey())),
                () -> chosen.build(rank, size, blocks, type, op, inPlace), input, output,
                () -> "IREDUCE_SCATTER " + type + " " + op.name());
    }

    /** The displacements of packed blocks, for the layout's checks (a negative count is refused there). */
    private static int[] packedDisplacements(int[] counts) {
        int[] displacements = new int[counts.length];
        long next = 0;
        for (int r = 0; r < counts.length; r++) {
            displacements[r] = (int) Math.min(next, Integer.MAX_VALUE);
            next += Math.max(0, counts[r]);
        }
        return displacements;
    }

    /** The uniform call ({@link CollectiveDefinition#uniform}): every rank gets a block of {@code count}, block r at r x count. */
    private static PlannedCall uniform(Communicator comm, ByteBuffer send, ByteBuffer receive, int count, DataType type,
                                       ReduceOp op, int root, ReduceScatterAlgorithm algorithm) {
        int[] counts = CollectiveDefinition.uniformCounts(count, comm.size());
        return plan(comm, send, receive, counts, type, op, algorithm);
    }
}
