package dev.nbc.core;

import dev.nbc.core.internal.ScheduleKey;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/** A shape is built once while it is remembered, and shapes that differ in any part never share a schedule. */
class ScheduleCacheTest {
    private final ScheduleCache cache = new ScheduleCache();
    private final AtomicInteger builds = new AtomicInteger();

    private Schedule get(ScheduleKey key) {
        return cache.get(key, () -> {
            builds.incrementAndGet();
            return new ScheduleBuilder(BarrierAlgorithm.DISSEMINATION, 0, 2, -1, 0, DataType.BYTE, null).build();
        });
    }

    @Test
    void aRepeatedShapeIsBuiltOnce() {
        ScheduleKey key = new ScheduleKey(BcastAlgorithm.BINOMIAL, 0, 1, DataType.DOUBLE, null, false, 0);
        Schedule first = get(key);
        for (int i = 0; i < 100; i++) {
            assertSame(first, get(new ScheduleKey(BcastAlgorithm.BINOMIAL, 0, 1, DataType.DOUBLE, null, false, 0)));
        }
        assertEquals(1, builds.get());
    }

    @Test
    void keysThatDifferInAnyPartAreDifferentShapes() {
        List<ScheduleKey> keys = List.of(
                new ScheduleKey(AllreduceAlgorithm.RECURSIVE_DOUBLING, -1, 8, DataType.DOUBLE, ReduceOp.SUM, false, 0),
                new ScheduleKey(AllreduceAlgorithm.RING, -1, 8, DataType.DOUBLE, ReduceOp.SUM, false, 0),
                new ScheduleKey(AllreduceAlgorithm.RECURSIVE_DOUBLING, 0, 8, DataType.DOUBLE, ReduceOp.SUM, false, 0),
                new ScheduleKey(AllreduceAlgorithm.RECURSIVE_DOUBLING, -1, 9, DataType.DOUBLE, ReduceOp.SUM, false, 0),
                new ScheduleKey(AllreduceAlgorithm.RECURSIVE_DOUBLING, -1, 8, DataType.FLOAT, ReduceOp.SUM, false, 0),
                new ScheduleKey(AllreduceAlgorithm.RECURSIVE_DOUBLING, -1, 8, DataType.DOUBLE, ReduceOp.MAX, false, 0),
                new ScheduleKey(AllreduceAlgorithm.RECURSIVE_DOUBLING, -1, 8, DataType.DOUBLE, null, false, 0),
                new ScheduleKey(AllreduceAlgorithm.RECURSIVE_DOUBLING, -1, 8, DataType.DOUBLE, ReduceOp.SUM, true, 0),
                new ScheduleKey(AllreduceAlgorithm.RECURSIVE_DOUBLING, -1, 8, DataType.DOUBLE, ReduceOp.SUM, false, 64),
                new ScheduleKey(AllreduceAlgorithm.RECURSIVE_DOUBLING, -1, 8, DataType.DOUBLE, ReduceOp.SUM, false, 0,
                        List.of(List.of(1, 0, 1, 1))),
                new ScheduleKey(AllreduceAlgorithm.RECURSIVE_DOUBLING, -1, 8, DataType.DOUBLE, ReduceOp.SUM, false, 0,
                        List.of(List.of(1, 1, 1, 0))));
        List<Schedule> schedules = new ArrayList<>();
        for (ScheduleKey key : keys) {
            schedules.add(get(key));
        }
        assertEquals(keys.size(), builds.get(), "each differing key is built");
        for (int i = 0; i < keys.size(); i++) {
            for (int j = i + 1; j < keys.size(); j++) {
                assertNotSame(schedules.get(i), schedules.get(j), keys.get(i) + " and " + keys.get(j));
            }
            assertSame(schedules.get(i), get(keys.get(i)), "and found again: " + keys.get(i));
        }
        assertEquals(keys.size(), builds.get());
    }

    @Test
    void manyShapesInTurnAreEachBuiltOnceWhileTheyFit() {
        // More shapes than the lock-free front holds, fewer than the map: slots collide, the map answers.
        List<Schedule> first = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            for (int count = 1; count <= 100; count++) {
                Schedule schedule = get(new ScheduleKey(BcastAlgorithm.BINOMIAL, 0, count, DataType.INT, null, false, 0));
                if (round == 0) {
                    first.add(schedule);
                } else {
                    assertSame(first.get(count - 1), schedule, "count " + count + " in round " + round);
                }
            }
        }
        assertEquals(100, builds.get());
    }
}
