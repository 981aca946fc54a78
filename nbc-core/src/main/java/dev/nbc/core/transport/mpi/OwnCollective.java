package dev.nbc.core.transport.mpi;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Collective;

import java.nio.ByteBuffer;

/**
 * The arguments of one call of the MPI library's own collective, in MPI's terms: what a
 * {@link MpiCollectives} passes to MPI_Iallreduce, MPI_Igatherv, ... Buffers are direct and
 * passed from their start; a null {@code send} is MPI_IN_PLACE. Which fields a collective reads:
 * <ul>
 * <li>{@code count}: the count of every block (allreduce, bcast, allgather, alltoall, gather,
 * scatter, reduce, scan, exscan; reduce_scatter_block's block), the send count of gatherv and
 * allgatherv, the receive count of scatterv;</li>
 * <li>{@code sendCounts}/{@code sendDisplacements}: scatterv, alltoallv, alltoallw;
 * {@code receiveCounts}/{@code receiveDisplacements}: gatherv, allgatherv, alltoallv,
 * alltoallw, reduce_scatter (counts only); in elements, but in bytes for alltoallw;</li>
 * <li>{@code sendTypes}/{@code receiveTypes}: alltoallw's type per rank; {@code type} the rest's;</li>
 * <li>{@code op}: the reductions; {@code root}: bcast, reduce, gather(v), scatter(v).</li>
 * </ul>
 * Bcast's one buffer is {@code receive}.
 */
public record OwnCollective(Collective collective, ByteBuffer send, ByteBuffer receive, int count, DataType type,
                            ReduceOp op, int root, int[] sendCounts, int[] sendDisplacements, DataType[] sendTypes,
                            int[] receiveCounts, int[] receiveDisplacements, DataType[] receiveTypes) {

    /** A collective whose blocks all have {@code count} elements (no counts, no displacements). */
    public static OwnCollective of(Collective collective, ByteBuffer send, ByteBuffer receive, int count, DataType type,
                                   ReduceOp op, int root) {
        return new OwnCollective(collective, send, receive, count, type, op, root, null, null, null, null, null, null);
    }
}
