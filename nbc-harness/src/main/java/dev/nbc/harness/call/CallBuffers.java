package dev.nbc.harness.call;

import dev.nbc.core.Buffers;
import dev.nbc.core.algorithm.CollectiveDefinition;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Collective;

import java.nio.ByteBuffer;

/**
 * The input and output buffers of a collective of {@code count} doubles per rank's block on P
 * ranks, as MPI lays them out (its definition's uniform call says which hold P blocks: a gather's
 * result, a scatter's source, both sides of an all-to-all, a reduce-scatter's input). The input
 * holds 0, 1, 2, ... The v-collectives get the same layout, every rank's count {@code count} and
 * block i at displacement i count ({@link #counts}, {@link #displacements}): what their calls
 * cost beyond the regular ones' is the counts.
 */
public record CallBuffers(ByteBuffer in, ByteBuffer out, int[] counts, int[] displacements) {

    /** The buffers of {@code collective} with blocks of {@code count} doubles on {@code processes} ranks. */
    public static CallBuffers of(Collective collective, int count, int processes) {
        int block = Math.max(1, count);
        CollectiveDefinition<?> definition = collective.definition();
        ByteBuffer in = Buffers.allocate(Math.multiplyExact(block, definition.sendBlocks().on(processes)), DataType.DOUBLE);
        ByteBuffer out = Buffers.allocate(Math.multiplyExact(block, definition.receiveBlocks().on(processes)), DataType.DOUBLE);
        for (int i = 0; i < in.capacity() / Double.BYTES; i++) {
            in.putDouble(i * Double.BYTES, i);
        }
        int[] counts = new int[processes];
        int[] displacements = new int[processes];
        for (int r = 0; r < processes; r++) {
            counts[r] = count;
            displacements[r] = r * count;
        }
        return new CallBuffers(in, out, counts, displacements);
    }

    /** Refuses a collective that is not {@link CollectiveCall#withUniformCounts()}. */
    public static void checkSupported(Collective collective) {
        if (!CollectiveCall.withUniformCounts().contains(collective)) {
            throw new IllegalArgumentException("collective: " + collective + " is not one the benchmarks' calls make");
        }
    }
}
