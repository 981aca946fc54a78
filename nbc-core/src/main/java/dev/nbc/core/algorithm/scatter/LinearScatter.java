package dev.nbc.core.algorithm.scatter;

import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/** Linear scatter: the root sends every other rank its block at once. One step, P - 1 messages from the root. */
final class LinearScatter {
    private LinearScatter() {
    }

    static void append(ScheduleBuilder builder, ScatterShape shape) {
        int block = shape.blockBytes();
        builder.round();
        if (shape.rank() != shape.root()) {
            builder.receive(Slots.OUTPUT, 0, block, shape.root());
            return;
        }
        if (!shape.inPlace()) {
            builder.copy(Slots.INPUT, shape.rank() * block, Slots.OUTPUT, 0, block);
        }
        for (int peer = 0; peer < shape.size(); peer++) {
            if (peer != shape.root()) {
                builder.send(Slots.INPUT, peer * block, block, peer);
            }
        }
    }
}
