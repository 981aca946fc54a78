package dev.nbc.models.simulation;

import java.util.Arrays;

/**
 * A recorded OS-noise trace: detours, i.e. intervals {@code [start, start + duration)} during which
 * the CPU ran something else, within a trace of length {@code period} that repeats for ever (as
 * jitSim replays a collected trace). Times are in ns on the trace's own clock.
 */
public final class DetourTrace {
    private final double[] starts;
    private final double[] ends;
    private final double period;

    /**
     * @param starts    detour start times, strictly increasing, in {@code [0, period)}
     * @param durations detour lengths, > 0; a detour must end before the next starts and by {@code period}
     * @param period    length of the trace; it repeats with this period
     */
    public DetourTrace(double[] starts, double[] durations, double period) {
        if (starts.length != durations.length) {
            throw new IllegalArgumentException("durations: need one per start (" + starts.length + "), but got " + durations.length);
        }
        if (!(period > 0) || Double.isInfinite(period)) {
            throw new IllegalArgumentException("period: must be finite and > 0, but was " + period);
        }
        this.starts = starts.clone();
        this.ends = new double[starts.length];
        this.period = period;
        double previousEnd = 0;
        for (int i = 0; i < starts.length; i++) {
            if (!(durations[i] > 0)) {
                throw new IllegalArgumentException("durations[" + i + "]: must be > 0, but was " + durations[i]);
            }
            if (!(starts[i] >= previousEnd)) {
                throw new IllegalArgumentException("starts[" + i + "]: detours must be sorted and not overlap; " + starts[i]
                        + " is before the previous detour's end " + previousEnd);
            }
            ends[i] = starts[i] + durations[i];
            if (ends[i] > period) {
                throw new IllegalArgumentException("durations[" + i + "]: the detour ends at " + ends[i]
                        + ", after the trace's period " + period);
            }
            previousEnd = ends[i];
        }
    }

    /** A trace with one detour of {@code duration} every {@code period}, starting at {@code phase}. */
    public static DetourTrace periodic(double period, double phase, double duration) {
        return new DetourTrace(new double[]{phase}, new double[]{duration}, period);
    }

    public double period() {
        return period;
    }

    public int detours() {
        return starts.length;
    }

    /**
     * The first {@code length} ns of this trace, repeating with that period (a detour cut by the
     * end is shortened): how jitSim varies the share of the trace each task covers (its Fig. 8).
     */
    public DetourTrace prefix(double length) {
        if (!(length > 0) || length >= period) {
            if (length >= period) {
                return this;
            }
            throw new IllegalArgumentException("length: must be > 0, but was " + length);
        }
        int n = 0;
        while (n < starts.length && starts[n] < length) {
            n++;
        }
        double[] s = java.util.Arrays.copyOf(starts, n);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = Math.min(ends[i], length) - starts[i];
        }
        return new DetourTrace(s, d, length);
    }

    /** When detour {@code i} begins, ns on the trace's clock. */
    public double start(int i) {
        return starts[i];
    }

    /** How long detour {@code i} lasts, ns. */
    public double duration(int i) {
        return ends[i] - starts[i];
    }

    /** Share of the time the CPU is away: total detour time / period. */
    public double noiseFraction() {
        double sum = 0;
        for (int i = 0; i < starts.length; i++) {
            sum += ends[i] - starts[i];
        }
        return sum / period;
    }

    /**
     * When {@code work} ns of CPU work started at trace time {@code start} ends: the work proceeds
     * only outside detours (a detour preempts it and it resumes afterwards).
     */
    public double finish(double start, double work) {
        if (starts.length == 0) {
            return start + work;
        }
        double cycle = Math.floor(start / period);
        double t = start - cycle * period; // position in the current repetition
        double base = cycle * period;
        double remaining = work;
        int i = firstEndingAfter(t);
        while (true) {
            if (i == starts.length) { // next detour is in the next repetition
                base += period;
                t -= period;
                i = 0;
            }
            if (t >= starts[i]) { // inside detour i: wait for its end
                t = ends[i];
                i++;
                continue;
            }
            double free = starts[i] - t;
            if (remaining <= free) {
                return base + t + remaining;
            }
            remaining -= free;
            t = ends[i];
            i++;
        }
    }

    /** Index of the first detour with end > t, or detours() if none. */
    private int firstEndingAfter(double t) {
        int index = Arrays.binarySearch(ends, t);
        return index >= 0 ? index + 1 : -index - 1;
    }
}
