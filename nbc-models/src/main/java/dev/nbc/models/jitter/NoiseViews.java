package dev.nbc.models.jitter;

import dev.nbc.models.simulation.DetourTrace;

/**
 * The classic views of one noise trace (Netgauge's noise patterns name them): the selfish
 * detours are the trace itself; a fixed work quantum (FWQ) benchmark times how long each quantum
 * of work takes; a fixed time quantum (FTQ) benchmark counts how much work each quantum of time
 * holds. Here both are read off the trace instead of being run.
 */
public final class NoiseViews {
    private NoiseViews() {
    }

    /** FWQ: the time each of {@code count} back-to-back quanta of {@code workNanos} took (ns), from the trace's start. */
    public static double[] fixedWork(DetourTrace trace, double workNanos, int count) {
        double[] times = new double[count];
        double t = 0;
        for (int i = 0; i < count; i++) {
            double end = trace.finish(t, workNanos);
            times[i] = end - t;
            t = end;
        }
        return times;
    }

    /** FTQ: the share of each of {@code count} consecutive quanta of {@code timeNanos} that was free of detours. */
    public static double[] fixedTime(DetourTrace trace, double timeNanos, int count) {
        double[] busy = new double[count];
        double horizon = count * timeNanos;
        for (double base = 0; base < horizon; base += trace.period()) {
            for (int i = 0; i < trace.detours(); i++) {
                double s = base + trace.start(i);
                if (s >= horizon) {
                    break;
                }
                double e = s + trace.duration(i);
                for (int q = (int) (s / timeNanos); q < count && q * timeNanos < e; q++) {
                    busy[q] += Math.min(e, (q + 1) * timeNanos) - Math.max(s, q * timeNanos);
                }
            }
        }
        double[] free = new double[count];
        for (int q = 0; q < count; q++) {
            free[q] = 1 - busy[q] / timeNanos;
        }
        return free;
    }
}
