package dev.nbc.core.algorithm.scan;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Linear prefix reduction: rank r receives x0 op ... op x(r-1) from r - 1, combines its own
 * contribution on the right and passes the result to r + 1. P - 1 steps along a chain; the fewest
 * messages and combinations.
 */
final class LinearScan {
    private LinearScan() {
    }

    static void append(ScheduleBuilder builder, ScanShape shape) {
        int rank = shape.rank();
        int bytes = shape.bytes();
        int count = shape.count();
        // inclusive: the running prefix is the result; exclusive: it is the result combined with our contribution
        int running = shape.exclusive() ? builder.scratch(bytes) : Slots.OUTPUT;
        builder.round();
        if (running != shape.contributionSlot()) {
            builder.copy(shape.contributionSlot(), 0, running, 0, bytes);
        }
        if (rank > 0) {
            int incoming = builder.scratch(bytes);
            builder.receive(incoming, 0, bytes, rank - 1);
            builder.round().reduce(incoming, 0, running, 0, count, true);
            if (shape.exclusive()) {
                builder.copy(incoming, 0, Slots.OUTPUT, 0, bytes);
            }
        }
        if (rank < shape.size() - 1) {
            builder.send(running, 0, bytes, rank + 1);
        }
    }
}
