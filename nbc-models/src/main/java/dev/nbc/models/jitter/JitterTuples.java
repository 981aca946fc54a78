package dev.nbc.models.jitter;

import dev.nbc.models.simulation.DetourTrace;

/**
 * jitSim's trace format (De and Mann, section 3.1): a row per detour, the tuple
 * ⟨jitter duration, time to next jitter⟩, here in ns. Row i is a detour of {@code jitter[i]}
 * followed by {@code gap[i]} of time the application can compute in; the trace repeats after its
 * last row. A task that "starts at row i" (Fig. 2) starts computing right after that row's
 * detour, at {@link #computeStart}.
 */
public final class JitterTuples {
    private JitterTuples() {
    }

    /** The rows as detours: row 0's detour at time 0, row i + 1's after row i's detour and gap. */
    public static DetourTrace toTrace(double[] jitter, double[] gap) {
        if (jitter.length != gap.length || jitter.length == 0) {
            throw new IllegalArgumentException("gap: need one per jitter row (" + jitter.length + ", at least one), but got "
                    + gap.length);
        }
        double[] starts = new double[jitter.length];
        double t = 0;
        for (int i = 0; i < jitter.length; i++) {
            if (!(gap[i] >= 0) || Double.isInfinite(gap[i])) {
                throw new IllegalArgumentException("gap[" + i + "]: must be finite and >= 0, but was " + gap[i]);
            }
            starts[i] = t;
            t += jitter[i] + gap[i];
        }
        return new DetourTrace(starts, jitter, t);
    }

    /** Where on the trace's clock row {@code row}'s computing time begins (its detour's end). */
    public static double computeStart(DetourTrace trace, int row) {
        return trace.start(row) + trace.duration(row);
    }

    /** The trace's rows back as tuples: {@code [0]} the jitter durations, {@code [1]} the times to the next jitter. */
    public static double[][] fromTrace(DetourTrace trace) {
        int n = trace.detours();
        double[] jitter = new double[n];
        double[] gap = new double[n];
        for (int i = 0; i < n; i++) {
            jitter[i] = trace.duration(i);
            double next = i + 1 < n ? trace.start(i + 1) : trace.period() + (n > 0 ? trace.start(0) : 0);
            gap[i] = next - trace.start(i) - jitter[i];
        }
        return new double[][] {jitter, gap};
    }
}
