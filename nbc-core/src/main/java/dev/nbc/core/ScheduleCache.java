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

        // Written out rather than the record's own: those go through a chain of method handles
        // that cost a small collective ~7 % of its time over MPI (P = 2, 8 B broadcast).
        @Override
        public int hashCode() {
            int hash = algorithm.hashCode();
            hash = 31 * hash + root;
            hash = 31 * hash + count;
            hash = 31 * hash + type.hashCode();
            hash = 31 * hash + (op == null ? 0 : op.hashCode());
            hash = 31 * hash + (inPlace ? 1 : 0);
            hash = 31 * hash + segmentBytes;
            return layouts.isEmpty() ? hash : 31 * hash + layouts.hashCode();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && algorithm.equals(key.algorithm) && root == key.root && count == key.count
                    && type == key.type && op == key.op && inPlace == key.inPlace && segmentBytes == key.segmentBytes
                    && layouts.equals(key.layouts);
        }
    }

    private final Map<Key, Schedule> schedules = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Schedule> eldest) {
            return size() > CAPACITY;
        }
    };

    /**
     * A lock-free front of the map, one entry per hash slot, read and written without
     * synchronisation: an entry's fields are final, so a thread sees either a whole entry or an
     * older one (or none) and then asks the map. A repeated call takes no lock (the lock, the map's
     * hashing and its reordering of the access list were 4-7 % of an 8 B broadcast at P = 2 over
     * MPI). A shape served from here is not refreshed in the map's order, so the map may
     * evict it while it is still here: it is rebuilt only once both have dropped it.
     */
    private final Entry[] recent = new Entry[RECENT];
    private static final int RECENT = 16;

    private record Entry(Key key, Schedule schedule) {
    }

    Schedule get(Key key, Supplier<Schedule> build) {
        int slot = key.hashCode() & (RECENT - 1);
        Entry hit = recent[slot];
        if (hit != null && hit.key.equals(key)) {
            return hit.schedule;
        }
        Schedule schedule;
        synchronized (this) {
            schedule = schedules.get(key);
            if (schedule == null) {
                schedule = build.get();
                schedules.put(key, schedule);
            }
        }
        recent[slot] = new Entry(key, schedule);
        return schedule;
    }
}
