package dev.nbc.core;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Schedule;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The most recently used schedules of one communicator, so that a collective repeated on the same
 * shape (the common case in an application's loop) is not rebuilt each time.
 */
final class ScheduleCache {
    private static final int CAPACITY = 128;

    /** {@code layouts}: the v-collectives' counts and displacements ({@code BlockLayout.asKey()}), else empty. */
    record Key(Algorithm algorithm, int root, int count, DataType type, ReduceOp op, boolean inPlace, int segmentBytes,
               List<List<Integer>> layouts) {
        Key(Algorithm algorithm, int root, int count, DataType type, ReduceOp op, boolean inPlace, int segmentBytes) {
            this(algorithm, root, count, type, op, inPlace, segmentBytes, List.of());
        }
    }

    private final Map<Key, Schedule> schedules = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Schedule> eldest) {
            return size() > CAPACITY;
        }
    };

    synchronized Schedule get(Key key, Supplier<Schedule> build) {
        Schedule schedule = schedules.get(key);
        if (schedule == null) {
            schedule = build.get();
            schedules.put(key, schedule);
        }
        return schedule;
    }
}
