package dev.nbc.models.jitter;

import dev.nbc.models.simulation.CpuNoise;
import dev.nbc.models.simulation.DetourTrace;

/**
 * Every task's view of the trace, as {@link CpuNoise}: the task in slot k ({@link TaskOrder}) has
 * time t at trace time {@code t + offset[k]}, and its CPU work proceeds only between detours. A
 * task's time only moves forward, so each keeps a cursor into the trace
 * ({@link DetourTrace.Cursors}); the trace itself is shared. Tasks may be run on different threads;
 * one task's calls must come from one thread at a time.
 */
final class TaskClocks implements CpuNoise {
    private final DetourTrace trace;
    private final double[] offsets;
    private final DetourTrace.Cursors cursors;

    /** @param offsets each slot's task's offset into the trace */
    TaskClocks(DetourTrace trace, double[] offsets) {
        this.trace = trace;
        this.offsets = offsets;
        this.cursors = trace.cursors(offsets.length);
    }

    @Override
    public double finish(int slot, double start, double work) {
        double offset = offsets[slot];
        return Math.max(start + work, trace.finish(cursors, slot, start + offset, work) - offset);   // max: rounding of the shift
    }
}
