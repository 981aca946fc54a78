package dev.nbc.models.jitter;

import dev.nbc.models.simulation.CpuNoise;

import java.util.function.IntConsumer;

/**
 * The synchronisation that ends a compute phase: given when each task finished computing, when
 * each starts the next phase. jitSim's binary-tree barrier ({@link TreeBarrier}) or any nbc
 * collective's schedules run by the schedule simulator ({@link CollectiveSync}).
 */
public interface PhaseSync {

    /**
     * @param ready when each task finished computing (ns, its own wall time)
     * @param noise the tasks' noise: every CPU step of the synchronisation pays the detours it meets
     * @param next  written: when each task starts its next phase
     */
    void run(double[] ready, CpuNoise noise, double[] next);

    /**
     * {@link #run}, calling {@code started} for each task once its {@code next} is final, so that
     * the caller can run the task's next phase right there. A synchronisation that settles the
     * tasks one by one (the tree barrier, level by level) calls it as it goes: a task's place in
     * the noise trace is then still in the cache, which for a trace of millions of detours, each
     * task somewhere else in it, saves a memory access per task per phase. The default calls it
     * for every task after {@link #run}.
     *
     * @param started called once per task, possibly for several tasks at once from different threads
     */
    default void run(double[] ready, CpuNoise noise, double[] next, IntConsumer started) {
        run(ready, noise, next);
        ParallelTasks.forEach(0, next.length, started);
    }
}
