package dev.nbc.core.algorithm.allreduce;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Recursive doubling: in step k a rank exchanges its partial result with the rank whose index
 * differs in bit k and combines the two; log2 P steps for a power of two. For other P the first
 * 2r ranks (r = P - largest power of two) pair up first: each even one hands its contribution to
 * the odd one above it and sits out, and gets the result back at the end (MPICH's scheme). Every
 * partial result covers a contiguous range of ranks, and the range from the lower rank is always
 * put on the left, so non-commutative operations keep rank order.
 */
final class RecursiveDoublingAllreduce {
    private RecursiveDoublingAllreduce() {
    }

    static void append(ScheduleBuilder builder, AllreduceShape shape) {
        int rank = shape.rank();
        int bytes = shape.bytes();
        int count = shape.count();
        int powerOfTwo = Integer.highestOneBit(shape.size());
        int remainder = shape.size() - powerOfTwo;
        int incoming = builder.scratch(bytes);

        builder.round();
        shape.copyInputToOutput(builder);
        int newRank;
        Integer pendingFrom = null;
        if (rank < 2 * remainder) {
            if (rank % 2 == 0) {
                builder.send(Slots.OUTPUT, 0, bytes, rank + 1);
                newRank = -1;
            } else {
                builder.receive(incoming, 0, bytes, rank - 1);
                pendingFrom = rank - 1;
                newRank = rank / 2;
            }
        } else {
            newRank = rank - remainder;
        }

        if (newRank >= 0) {
            for (int mask = 1; mask < powerOfTwo; mask <<= 1) {
                int partnerNew = newRank ^ mask;
                int partner = partnerNew < remainder ? partnerNew * 2 + 1 : partnerNew + remainder;
                builder.round();
                if (pendingFrom != null) {
                    builder.reduce(incoming, 0, Slots.OUTPUT, 0, count, pendingFrom < rank);
                }
                builder.send(Slots.OUTPUT, 0, bytes, partner).receive(incoming, 0, bytes, partner);
                pendingFrom = partner;
            }
            builder.round();
            if (pendingFrom != null) {
                builder.reduce(incoming, 0, Slots.OUTPUT, 0, count, pendingFrom < rank);
            }
        }

        if (rank < 2 * remainder) {
            if (rank % 2 == 0) {
                builder.round().receive(Slots.OUTPUT, 0, bytes, rank + 1);
            } else {
                builder.send(Slots.OUTPUT, 0, bytes, rank - 1);
            }
        }
    }
}
