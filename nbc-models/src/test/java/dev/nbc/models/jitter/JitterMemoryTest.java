package dev.nbc.models.jitter;

import dev.nbc.models.simulation.DetourTrace;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every task replays one shared trace: what a simulation allocates grows with its tasks, not with
 * the trace. A trace of a million detours (16 MB of them) costs a run of 10,000 tasks no more
 * memory than one of a thousand detours; a copy or an index per task would cost gigabytes.
 */
class JitterMemoryTest {

    @Test
    void aLongTraceIsSharedNotCopiedPerTask() {
        DetourTrace shortTrace = SyntheticNoise.exponential(10, 1000, 1_000, 5);
        DetourTrace longTrace = SyntheticNoise.exponential(10, 1000, 1_000_000, 5);
        // 10,000 tasks: below ParallelTasks.CHUNK, so the run allocates on this thread (the long trace's
        // TaskOrder sorts its keys in parallel, a long per task)
        int tasks = 10_000;
        allocatedBy(shortTrace, tasks);   // classes loaded, code compiled
        long onShort = allocatedBy(shortTrace, tasks);
        long onLong = allocatedBy(longTrace, tasks);
        String report = "allocated " + onShort + " bytes with 1,000 detours, " + onLong + " with 1,000,000";
        // per task: an offset, a cursor (12 bytes), the phase's times, its slot (about 90 bytes); nothing per detour
        assertTrue(onLong < 150L * tasks + (1 << 20), report);
        assertTrue(Math.abs(onLong - onShort) < (1 << 20), report);
    }

    private static long allocatedBy(DetourTrace trace, int tasks) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        JitterSimulator.run(new JitterSimulation(trace, StartMode.RANDOM, null, tasks, 5, 2000, new TreeBarrier(500, 500, 1000), 3));
        return threads.getThreadAllocatedBytes(id) - before;
    }
}
