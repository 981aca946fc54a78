package dev.nbc.core.algorithm.scan;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Recursive-doubling prefix reduction (MPICH's MPIR_Scan/Exscan_intra_recursive_doubling):
 * ceil(log2 P) steps. A rank keeps the combination of its whole block of 2^k ranks ({@code partial})
 * and exchanges it with the partner rank ^ 2^k (skipped beyond P); a partner below it comes first
 * in rank order, so its partial is the left operand, and it also enters the rank's result. Rank
 * order is kept throughout, so non-commutative operations are correct.
 */
final class RecursiveDoublingScan {
    private RecursiveDoublingScan() {
    }

    static void append(ScheduleBuilder builder, ScanShape shape) {
        int rank = shape.rank();
        int bytes = shape.bytes();
        int partial = builder.scratch(bytes);
        int incoming = builder.scratch(bytes);
        builder.round().copy(shape.contributionSlot(), 0, partial, 0, bytes);
        if (!shape.exclusive() && !shape.inPlace()) {
            builder.copy(Slots.INPUT, 0, Slots.OUTPUT, 0, bytes);
        }
        boolean hasResult = !shape.exclusive();
        int previousPartner = -1;
        for (int mask = 1; mask < shape.size(); mask <<= 1) {
            int partner = rank ^ mask;
            if (partner >= shape.size()) {
                continue;
            }
            if (previousPartner >= 0) {
                hasResult = combine(builder, shape, partial, incoming, previousPartner, hasResult);
            }
            builder.send(partial, 0, bytes, partner);
            builder.receive(incoming, 0, bytes, partner);
            previousPartner = partner;
        }
        if (previousPartner >= 0) {
            combine(builder, shape, partial, incoming, previousPartner, hasResult);
        }
    }

    /** Starts a round that folds the partner's partial into ours (and our result); returns whether we have a result now. */
    private static boolean combine(ScheduleBuilder builder, ScanShape shape, int partial, int incoming, int partner,
                                   boolean hasResult) {
        builder.round();
        int count = shape.count();
        if (partner < shape.rank()) {
            if (hasResult) {
                builder.reduce(incoming, 0, Slots.OUTPUT, 0, count, true);
            } else {
                builder.copy(incoming, 0, Slots.OUTPUT, 0, shape.bytes());
            }
            builder.reduce(incoming, 0, partial, 0, count, true);
            return true;
        }
        builder.reduce(incoming, 0, partial, 0, count, false);
        return hasResult;
    }
}
