package dev.nbc.harness.call;

import dev.nbc.core.Buffers;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;

import java.nio.ByteBuffer;

/**
 * The input and output buffers of a collective of {@code count} doubles per rank's block on P
 * ranks, as MPI lays them out: P blocks where a rank sends to or receives from every other
 * (a gather's result, a scatter's source, both sides of an all-to-all, a reduce-scatter's input),
 * one block elsewhere. The input holds 0, 1, 2, ...
 */
public record CallBuffers(ByteBuffer in, ByteBuffer out) {

    /** The buffers of {@code collective} with blocks of {@code count} doubles on {@code processes} ranks. */
    public static CallBuffers of(Collective collective, int count, int processes) {
        int block = Math.max(1, count);
        int all = Math.multiplyExact(block, processes);
        ByteBuffer in = Buffers.allocate(switch (collective) {
            case SCATTER, ALLTOALL, REDUCE_SCATTER_BLOCK -> all;
            default -> block;
        }, DataType.DOUBLE);
        ByteBuffer out = Buffers.allocate(switch (collective) {
            case ALLGATHER, GATHER, ALLTOALL -> all;
            default -> block;
        }, DataType.DOUBLE);
        for (int i = 0; i < in.capacity() / Double.BYTES; i++) {
            in.putDouble(i * Double.BYTES, i);
        }
        return new CallBuffers(in, out);
    }

    /** Refuses a collective that is not {@link CollectiveCall#supported()}. */
    public static void checkSupported(Collective collective) {
        if (!CollectiveCall.supported().contains(collective)) {
            throw new IllegalArgumentException("collective: " + collective + " has blocks of different sizes, "
                    + "which the benchmarks' calls do not measure");
        }
    }
}
