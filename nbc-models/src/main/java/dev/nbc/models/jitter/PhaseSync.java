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
     * {@link #run} on the simulation's own storage of the tasks ({@link TaskOrder}): {@code ready},
     * {@code next} and {@code noise} indexed by slot. {@code started} is called for each slot once
     * its {@code next} is final, so that the caller can run the task's next phase right there. A
     * synchronisation that settles the tasks one by one (the tree barrier, level by level) calls
     * it as it goes and visits the slots in their order: a task's place in the noise trace is
     * then fetched once for its steps of the synchronisation and its next phase together. The
     * default goes through {@link #run} in the tasks' order and then calls {@code started} for
     * every slot.
     *
     * @param started called once per slot, possibly for several slots at once from different threads
     */
    default void run(TaskOrder order, double[] ready, CpuNoise noise, double[] next, IntConsumer started) {
        int p = ready.length;
        double[] readyByTask = new double[p];
        for (int k = 0; k < p; k++) {
            readyByTask[order.task(k)] = ready[k];
        }
        double[] nextByTask = new double[p];
        run(readyByTask, (task, start, work) -> noise.finish(order.slot(task), start, work), nextByTask);
        order.toSlots(nextByTask, next);
        ParallelTasks.forEach(0, p, started);
    }
}
