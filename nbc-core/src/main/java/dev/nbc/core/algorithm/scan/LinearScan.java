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
        builder.round();
        if (shape.contributionSlot() != Slots.OUTPUT) {
            builder.copy(shape.contributionSlot(), 0, Slots.OUTPUT, 0, bytes);
        }
        if (rank > 0) {
            int incoming = builder.scratch(bytes);
            builder.receive(incoming, 0, bytes, rank - 1);
            builder.round().reduce(incoming, 0, Slots.OUTPUT, 0, shape.count(), true);
        }
        if (rank < shape.size() - 1) {
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
        int running = Slots.OUTPUT;
        if (forwards) {
            // OUTPUT receives the prefix, so the contribution (which may be in OUTPUT) moves first.
            running = builder.scratch(bytes);
            builder.copy(shape.contributionSlot(), 0, running, 0, bytes);
        }
        builder.receive(Slots.OUTPUT, 0, bytes, rank - 1);
        if (forwards) {
            builder.round().reduce(Slots.OUTPUT, 0, running, 0, shape.count(), true);
            builder.send(running, 0, bytes, rank + 1);
        }
    }
}
