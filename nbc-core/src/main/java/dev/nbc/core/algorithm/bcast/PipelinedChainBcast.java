package dev.nbc.core.algorithm.bcast;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Segmented, pipelined chain broadcast: ranks form a chain from the root; the message moves in
 * segments, and in round i a rank receives segment i while forwarding segment i-1. For s segments
 * the time is about (P - 2 + s) segment steps instead of log2(P) whole-message steps, which wins
 * for large messages.
 */
public final class PipelinedChainBcast {
    private PipelinedChainBcast() {
    }

    static void append(ScheduleBuilder builder, int bytes, int rank, int size, int root, int segmentBytes) {
        if (segmentBytes < 1) {
            throw new IllegalArgumentException("segmentBytes: must be >= 1, but was " + segmentBytes);
        }
        int vrank = Math.floorMod(rank - root, size);
        int previous = vrank == 0 ? -1 : (rank - 1 + size) % size;
        int next = vrank == size - 1 ? -1 : (rank + 1) % size;
        int segments = Math.max(1, (bytes + segmentBytes - 1) / segmentBytes);
        // Round i receives segment i and forwards segment i-1, so rounds run to segments inclusive.
        for (int i = 0; i <= segments; i++) {
            builder.round();
            if (previous >= 0 && i < segments) {
                builder.receive(Slots.OUTPUT, segmentOffset(i, segmentBytes), segmentLength(i, bytes, segmentBytes), previous);
            }
            int forwarded = previous >= 0 ? i - 1 : i;
            if (next >= 0 && forwarded >= 0 && forwarded < segments) {
                builder.send(Slots.OUTPUT, segmentOffset(forwarded, segmentBytes), segmentLength(forwarded, bytes, segmentBytes), next);
            }
        }
    }

    private static int segmentOffset(int segment, int segmentBytes) {
        return (int) Math.min(Integer.MAX_VALUE, (long) segment * segmentBytes);
    }

    private static int segmentLength(int segment, int bytes, int segmentBytes) {
        long start = (long) segment * segmentBytes;
        return (int) Math.max(0, Math.min(segmentBytes, bytes - start));
    }
}
