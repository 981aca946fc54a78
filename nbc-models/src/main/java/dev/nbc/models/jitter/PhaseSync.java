package dev.nbc.models.jitter;

import dev.nbc.models.simulation.CpuNoise;

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
}
