package dev.nbc.core.algorithm.allreduce;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Recursive doubling: in step k a rank exchanges its partial result with the rank whose (new)
 * index differs in bit k and combines the two; log2 P steps for a power of two, other P through
 * {@link PowerOfTwoFold}. Every partial result covers a contiguous range of ranks, and the range
 * from the lower rank is always put on the left, so non-commutative operations keep rank order.
 */
final class RecursiveDoublingAllreduce {
    private RecursiveDoublingAllreduce() {
    }

    static void append(ScheduleBuilder builder, AllreduceShape shape) {
        int rank = shape.rank();
        int incoming = builder.scratch(shape.bytes());
        PowerOfTwoFold fold = PowerOfTwoFold.begin(builder, shape, incoming);
        if (fold.newRank >= 0) {
            // The partner whose data sits in 'incoming', combined at the start of the next round.
            int pendingFrom = fold.receivedContribution ? rank - 1 : -1;
            for (int mask = 1; mask < fold.powerOfTwo; mask <<= 1) {
                int partner = fold.realRank(fold.newRank ^ mask);
                builder.round();
                reducePending(builder, shape, incoming, pendingFrom);
                builder.send(Slots.OUTPUT, 0, shape.bytes(), partner).receive(incoming, 0, shape.bytes(), partner);
                pendingFrom = partner;
            }
            builder.round();
            reducePending(builder, shape, incoming, pendingFrom);
        }
        fold.end(builder, shape);
    }

    private static void reducePending(ScheduleBuilder builder, AllreduceShape shape, int incoming, int pendingFrom) {
        if (pendingFrom >= 0) {
            builder.reduce(incoming, 0, Slots.OUTPUT, 0, shape.count(), pendingFrom < shape.rank());
        }
    }
}
