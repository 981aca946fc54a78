package dev.nbc.core.algorithm.allreduce;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Recursive doubling: in step k a rank exchanges its partial result with the rank whose (new)
 * index differs in bit k and combines the two; log2 P steps for a power of two, other P through
 * {@link PowerOfTwoFold}. Every partial result covers a contiguous range of ranks, and the range
 * from the lower rank is always put on the left, so non-commutative operations keep rank order.
 *
 * <p>No buffer is written right after the partner has read it: the first exchange sends the
 * contribution from INPUT as it is (no copy into OUTPUT first), and each combination writes
 * {@code incoming op held} into a buffer other than the one just sent, OUTPUT and a spare taking
 * turns so that the last lands in OUTPUT. Combining into the buffer the partner had just read
 * cost 7.7 us instead of 1.1 for 32 KiB at P = 2 under Open MPI's single-copy transfers (the
 * partner's process reads our buffer; docs/core.md), and the copy before it 3.3 us.
 */
final class RecursiveDoublingAllreduce {
    private RecursiveDoublingAllreduce() {
    }

    static void append(ScheduleBuilder builder, AllreduceShape shape) {
        int rank = shape.rank();
        int incoming = builder.scratch(shape.bytes());
        // the partial result so far: the contribution itself until the first combination
        int held = shape.contributionSlot();
        PowerOfTwoFold fold = PowerOfTwoFold.begin(builder, shape, incoming);
        if (fold.newRank >= 0) {
            int combinations = Integer.numberOfTrailingZeros(fold.powerOfTwo) + (fold.receivedContribution ? 1 : 0);
            if (combinations == 0) {
                // one rank: the result is the contribution
                shape.copyInputToOutput(builder);
            }
            int spare = combinations > 1 ? builder.scratch(shape.bytes()) : -1;
            int combined = 0;
            // The partner whose data sits in 'incoming', combined at the start of the next round.
            int pendingFrom = fold.receivedContribution ? rank - 1 : -1;
            for (int mask = 1; mask < fold.powerOfTwo; mask <<= 1) {
                int partner = fold.realRank(fold.newRank ^ mask);
                builder.round();
                if (pendingFrom >= 0) {
                    held = combine(builder, shape, incoming, held, pendingFrom, target(++combined, combinations, spare));
                }
                builder.send(held, 0, shape.bytes(), partner).receive(incoming, 0, shape.bytes(), partner);
                pendingFrom = partner;
            }
            if (pendingFrom >= 0) {
                builder.round();
                combine(builder, shape, incoming, held, pendingFrom, target(++combined, combinations, spare));
            }
        }
        fold.end(builder, shape);
    }

    /** The k-th of n combinations writes OUTPUT if n - k is even, else the spare: the last writes OUTPUT, none the buffer the one before wrote. */
    private static int target(int k, int n, int spare) {
        return (n - k) % 2 == 0 ? Slots.OUTPUT : spare;
    }

    /** {@code target = incoming op held}, the lower rank's range on the left; returns the target. */
    private static int combine(ScheduleBuilder builder, AllreduceShape shape, int incoming, int held, int from, int target) {
        builder.reduce(incoming, 0, held, 0, target, 0, shape.count(), from < shape.rank());
        return target;
    }
}
