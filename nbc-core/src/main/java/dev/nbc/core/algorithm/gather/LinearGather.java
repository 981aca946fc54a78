package dev.nbc.core.algorithm.gather;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Linear gather: every rank sends its block to the root, which receives all P - 1 at once into
 * their places. One step, but the root takes P - 1 messages.
 */
final class LinearGather {
    private LinearGather() {
    }

    static void append(ScheduleBuilder builder, GatherShape shape) {
        int block = shape.blockBytes();
        builder.round();
        if (shape.rank() != shape.root()) {
            builder.send(Slots.INPUT, 0, block, shape.root());
            return;
        }
        if (!shape.inPlace()) {
            builder.copy(Slots.INPUT, 0, Slots.OUTPUT, shape.rank() * block, block);
        }
        for (int peer = 0; peer < shape.size(); peer++) {
            if (peer != shape.root()) {
                builder.receive(Slots.OUTPUT, peer * block, block, peer);
            }
        }
    }
}
