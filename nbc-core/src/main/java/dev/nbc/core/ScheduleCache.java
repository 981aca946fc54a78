package dev.nbc.core;

import dev.nbc.core.internal.ScheduleKey;
import dev.nbc.core.schedule.Schedule;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The most recently used schedules of one communicator, so that a collective repeated on the same
 * shape (the common case in an application's loop) is not rebuilt each time.
 */
final class ScheduleCache {
    private static final int CAPACITY = 128;

    private final Map<ScheduleKey, Schedule> schedules = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ScheduleKey, Schedule> eldest) {
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

    private record Entry(ScheduleKey key, Schedule schedule) {
    }

    Schedule get(ScheduleKey key, Supplier<Schedule> build) {
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
