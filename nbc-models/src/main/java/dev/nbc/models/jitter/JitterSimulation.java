package dev.nbc.models.jitter;

import dev.nbc.models.simulation.DetourTrace;

/**
 * What {@link JitterSimulator} runs: {@code tasks} tasks, each computing {@code phases} phases of
 * {@code workNanos}, every phase ended by a synchronisation; the noise replayed from
 * {@code trace}, each task starting in it as {@code mode} says.
 *
 * @param sync        the synchronisation: jitSim's binary-tree barrier with its costs, any
 *                    collective ({@link CollectiveSync}), or null for the paper's first model
 *                    (Fig. 3), where every task waits for the slowest and the synchronisation
 *                    itself costs nothing
 * @param coScheduler the co-scheduler's windows, required for {@link StartMode#CO_SCHEDULED} and
 *                    ignored otherwise
 * @param seed        of the random start points: the same seed, the same result
 */
public record JitterSimulation(DetourTrace trace, StartMode mode, CoScheduler coScheduler, int tasks, int phases,
                               double workNanos, PhaseSync sync, long seed) {

    public JitterSimulation {
        if (trace == null || mode == null) {
            throw new IllegalArgumentException("trace and mode: must not be null");
        }
        if (mode == StartMode.CO_SCHEDULED && coScheduler == null) {
            throw new IllegalArgumentException("coScheduler: required for the co-scheduled start mode");
        }
        if (tasks < 1) {
            throw new IllegalArgumentException("tasks: must be >= 1, but was " + tasks);
        }
        if (phases < 1) {
            throw new IllegalArgumentException("phases: must be >= 1, but was " + phases);
        }
        if (!(workNanos > 0) || Double.isInfinite(workNanos)) {
            throw new IllegalArgumentException("workNanos: must be finite and > 0, but was " + workNanos);
        }
    }
}
