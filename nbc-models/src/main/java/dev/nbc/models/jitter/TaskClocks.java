package dev.nbc.models.jitter;

import dev.nbc.models.simulation.CpuNoise;
import dev.nbc.models.simulation.DetourTrace;

/**
 * Every task's view of the trace, as {@link CpuNoise}: task i's time t is trace time
 * {@code t + offset[i]}, and its CPU work proceeds only between detours. A task's time only moves
 * forward, so each keeps a cursor into the trace ({@link DetourTrace.Cursors}). Tasks may be run on
 * different threads; one task's calls must come from one thread at a time.
 */
final class TaskClocks implements CpuNoise {
    private final DetourTrace trace;
    private final double[] offsets;
    private final DetourTrace.Cursors cursors;

    TaskClocks(DetourTrace trace, double[] offsets) {
        this.trace = trace;
        this.offsets = offsets;
        this.cursors = trace.cursors(offsets.length);
    }

    @Override
    public double finish(int task, double start, double work) {
        double offset = offsets[task];
        return Math.max(start + work, trace.finish(cursors, task, start + offset, work) - offset);   // max: rounding of the shift
    }
}
