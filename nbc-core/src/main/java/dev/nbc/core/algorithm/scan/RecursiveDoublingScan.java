package dev.nbc.core.algorithm.scan;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Recursive-doubling prefix reduction (MPICH's MPIR_Scan/Exscan_intra_recursive_doubling):
 * ceil(log2 P) steps. A rank keeps the combination of its whole block of 2^k ranks (its partial)
 * and exchanges it with the partner rank ^ 2^k (skipped beyond P); a partner below it comes first
 * in rank order, so its partial is the left operand, and it also enters the rank's result. Rank
 * order is kept throughout, so non-commutative operations are correct.
 *
 * <p>A partial just sent is never overwritten: the first is the contribution itself, sent from
 * INPUT (copied aside only in place, where OUTPUT will be written), and each new partial goes to
 * the other of two scratch buffers (writing a buffer the partner had just read cost 7x the
 * combination itself under Open MPI's single-copy transfers; {@code RecursiveDoublingAllreduce}).
 * The last step updates only the result: no partial is sent after it.
 */
final class RecursiveDoublingScan {
    private RecursiveDoublingScan() {
    }

    static void append(ScheduleBuilder builder, ScanShape shape) {
        int rank = shape.rank();
        int bytes = shape.bytes();
        int incoming = builder.scratch(bytes);
        int[] partials = {builder.scratch(bytes), builder.scratch(bytes)};
        builder.round();
        int held = shape.contributionSlot();
        if (shape.inPlace()) {
            builder.copy(held, 0, partials[0], 0, bytes);
            held = partials[0];
        }
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
                builder.round();
                hasResult = combineResult(builder, shape, incoming, previousPartner, hasResult);
                int next = held == partials[0] ? partials[1] : partials[0];
                builder.reduce(incoming, 0, held, 0, next, 0, shape.count(), previousPartner < rank);
                held = next;
            }
            builder.send(held, 0, bytes, partner);
            builder.receive(incoming, 0, bytes, partner);
            previousPartner = partner;
        }
        if (previousPartner >= 0) {
            builder.round();
            combineResult(builder, shape, incoming, previousPartner, hasResult);
        }
    }

    /** Folds the partner's partial into our result if the partner comes first; returns whether we have a result now. */
    private static boolean combineResult(ScheduleBuilder builder, ScanShape shape, int incoming, int partner, boolean hasResult) {
        if (partner > shape.rank()) {
            return hasResult;
        }
        if (hasResult) {
            builder.reduce(incoming, 0, Slots.OUTPUT, 0, shape.count(), true);
        } else {
            builder.copy(incoming, 0, Slots.OUTPUT, 0, shape.bytes());
        }
        return true;
    }
}
