package dev.nbc.core.algorithm.allreduce;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Ring allreduce: a reduce-scatter around the ring (P-1 steps, each rank sends one of P chunks to
 * its right neighbour and combines the chunk from its left), then an allgather around the ring
 * (P-1 steps). Each rank sends 2(P-1)/P of the message in total, independent of P: bandwidth-
 * optimal for large messages. Chunk c accumulates starting at rank c and wraps around, so operands
 * are combined out of rank order: commutative operations only.
 */
final class RingAllreduce {
    private RingAllreduce() {
    }

    static void append(ScheduleBuilder builder, AllreduceShape shape) {
        int size = shape.size();
        int rank = shape.rank();
        int elementBytes = shape.type().sizeInBytes();
        int right = (rank + 1) % size;
        int left = (rank - 1 + size) % size;
        int largestChunk = chunkCount(0, shape.count(), size);
        int incoming = builder.scratch(largestChunk * elementBytes);

        builder.round();
        if (size == 1) {
            shape.copyInputToOutput(builder);
        }
        // Reduce-scatter: in step s rank r sends chunk r-s and receives chunk r-s-1, which it
        // combines at the start of step s+1 and sends on in that same step.
        for (int step = 0; step < size - 1; step++) {
            if (step > 0) {
                builder.round();
                reduceIncomingInto(builder, shape, incoming, Math.floorMod(rank - step, size));
            }
            int sent = Math.floorMod(rank - step, size);
            int received = Math.floorMod(rank - step - 1, size);
            int sentFrom = step == 0 ? shape.contributionSlot() : Slots.OUTPUT;
            builder.send(sentFrom, chunkOffset(sent, shape.count(), size) * elementBytes,
                            chunkCount(sent, shape.count(), size) * elementBytes, right)
                    .receive(incoming, 0, chunkCount(received, shape.count(), size) * elementBytes, left);
        }
        // Now rank r combines the last piece of chunk r+1, which is then complete; allgather it.
        builder.round();
        if (size > 1) {
            reduceIncomingInto(builder, shape, incoming, (rank + 1) % size);
        }
        for (int step = 0; step < size - 1; step++) {
            if (step > 0) {
                builder.round();
            }
            int sent = Math.floorMod(rank + 1 - step, size);
            int received = Math.floorMod(rank - step, size);
            builder.send(Slots.OUTPUT, chunkOffset(sent, shape.count(), size) * elementBytes,
                            chunkCount(sent, shape.count(), size) * elementBytes, right)
                    .receive(Slots.OUTPUT, chunkOffset(received, shape.count(), size) * elementBytes,
                            chunkCount(received, shape.count(), size) * elementBytes, left);
        }
    }

    /**
     * Combines the arrived partial of {@code chunk} with this rank's contribution to it into OUTPUT.
     * Each chunk but the rank's own is combined here exactly once, so the contribution is read
     * straight from INPUT (unless in place): copying it into OUTPUT first, as this schedule did, cost
     * every rank (P-1)/P of the message in memory traffic before its first send (a 2 MiB allreduce
     * at P = 2 spent 50-300 us of its start on it on this machine). The own chunk is only
     * sent, in the first step (from INPUT), and arrives complete in the allgather.
     */
    private static void reduceIncomingInto(ScheduleBuilder builder, AllreduceShape shape, int incoming, int chunk) {
        int elementBytes = shape.type().sizeInBytes();
        int offset = chunkOffset(chunk, shape.count(), shape.size()) * elementBytes;
        builder.reduce(incoming, 0, shape.contributionSlot(), offset, Slots.OUTPUT, offset,
                chunkCount(chunk, shape.count(), shape.size()), true);
    }

    /** Elements in chunk {@code chunk}: the first count mod P chunks get one more. */
    static int chunkCount(int chunk, int count, int size) {
        return count / size + (chunk < count % size ? 1 : 0);
    }

    /** First element of chunk {@code chunk}. */
    static int chunkOffset(int chunk, int count, int size) {
        return chunk * (count / size) + Math.min(chunk, count % size);
    }
}
