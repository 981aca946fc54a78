package dev.nbc.core.algorithm.scan;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Linear prefix reduction: rank r receives x0 op ... op x(r-1) from r - 1, combines its own
 * contribution on the right and passes the result to r + 1. P - 1 steps along a chain; the fewest
 * messages and combinations.
 *
 * <p>Exclusive (MPI_Exscan): what arrives is the result, so it is received straight into OUTPUT;
 * rank 0 forwards its contribution as it is, and the last rank, which forwards nothing, neither
 * copies nor combines (at P = 2 the collective is one message, as Open MPI's).
 *
 * <p>Rank 0 sends its contribution from where it is, not from OUTPUT, and the others combine the
 * prefix with their contribution straight into the result's buffer, with no copy before: under
 * Open MPI's single-copy transfers, writing a buffer the next rank had just read (the next call's
 * copy into OUTPUT) made the 32 KiB scan at P = 2 1.5-1.8x slower than recursive doubling.
 */
final class LinearScan {
    private LinearScan() {
    }

    static void append(ScheduleBuilder builder, ScanShape shape) {
        if (shape.exclusive()) {
            appendExclusive(builder, shape);
        } else {
            appendInclusive(builder, shape);
        }
    }

    private static void appendInclusive(ScheduleBuilder builder, ScanShape shape) {
        int rank = shape.rank();
        int bytes = shape.bytes();
        int contribution = shape.contributionSlot();
        boolean forwards = rank < shape.size() - 1;
        builder.round();
        if (rank == 0) {
            // its result is its contribution: sent as it is, so that the next call's copy into OUTPUT
            // does not write what rank 1 has just read (RecursiveDoublingAllreduce says what that
            // costs), and copied into OUTPUT in a round of its own after the send, while rank 1 combines
            if (forwards) {
                builder.send(contribution, 0, bytes, 1);
                builder.round();
            }
            builder.copy(contribution, 0, Slots.OUTPUT, 0, bytes);
            return;
        }
        int incoming = builder.scratch(bytes);
        builder.receive(incoming, 0, bytes, rank - 1);
        // OUTPUT = prefix op contribution, without copying the contribution into OUTPUT first
        builder.round().reduce(incoming, 0, contribution, 0, Slots.OUTPUT, 0, shape.count(), true);
        if (forwards) {
            builder.send(Slots.OUTPUT, 0, bytes, rank + 1);
        }
    }

    private static void appendExclusive(ScheduleBuilder builder, ScanShape shape) {
        int rank = shape.rank();
        int bytes = shape.bytes();
        boolean forwards = rank < shape.size() - 1;
        builder.round();
        if (rank == 0) {
            if (forwards) {
                builder.send(shape.contributionSlot(), 0, bytes, 1);
            }
            return;
        }
        int contribution = shape.contributionSlot();
        if (forwards && shape.inPlace()) {
            // OUTPUT receives the prefix, so the contribution in it moves first
            contribution = builder.scratch(bytes);
            builder.copy(Slots.OUTPUT, 0, contribution, 0, bytes);
        }
        builder.receive(Slots.OUTPUT, 0, bytes, rank - 1);
        if (forwards) {
            int running = builder.scratch(bytes);
            builder.round().reduce(Slots.OUTPUT, 0, contribution, 0, running, 0, shape.count(), true);
            builder.send(running, 0, bytes, rank + 1);
        }
    }
}
