package dev.nbc.models.jitter;

/**
 * What the noise cost: the mean time of a phase (computation and synchronisation, until the last
 * task starts the next phase) against the work W.
 *
 * @param meanPhaseNanos     total time over the phases, divided by their number
 * @param meanWastedNanos    per task and phase: time not spent computing W (detours, waiting, barrier)
 * @param noiseFraction      share of the (possibly co-scheduled) trace's time that is detour
 */
public record JitterResult(JitterSimulation simulation, double meanPhaseNanos, double meanWastedNanos, double noiseFraction) {

    /** Slowdown: mean phase time / W - 1 (0: the noise and the synchronisation cost nothing). */
    public double slowdown() {
        return meanPhaseNanos / simulation.workNanos() - 1;
    }
}
