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
        double base = Math.floor(start / period) * period;
        double t = start - base; // position in the current repetition
        return walk(base, t, firstEndingAfter(t), work, null, 0);
    }

    /**
     * Where each of several workers is in the trace ({@link #finish(Cursors, int, double, double)}):
     * the detour its last piece of work ended before, and the start of that repetition.
     */
    public static final class Cursors {
        private final int[] index;
        private final double[] base;

        private Cursors(int workers) {
            index = new int[workers];
            base = new double[workers];
        }
    }

    /** Cursors for {@code workers} workers, each at the trace's start. */
    public Cursors cursors(int workers) {
        return new Cursors(workers);
    }

    /**
     * As {@link #finish(double, double)}, for worker {@code worker} whose time only moves forward
     * (a simulated task): the search for the next detour gallops on from where its last call ended
     * instead of searching the whole trace, which at a million workers cost a cache miss per level
     * of a binary search. An earlier start than the last call's is answered too, searching from the
     * trace's start. One worker's calls must come from one thread at a time.
     */
    public double finish(Cursors cursors, int worker, double start, double work) {
        if (starts.length == 0) {
            return start + work;
        }
        double base = cursors.base[worker];
        int i = cursors.index[worker];
        if (start - base >= period || start < base) {
            base = Math.floor(start / period) * period;
            i = 0;
        }
        double t = start - base;
        if (i > 0 && ends[i - 1] > t) {
            i = 0;   // earlier than this worker's last call
        }
        return walk(base, t, gallop(t, i), work, cursors, worker);
    }

    /**
     * Runs {@code remaining} ns of work from position {@code t} of the repetition starting at
     * {@code base}, {@code i} being the first detour ending after {@code t}; leaves the worker's
     * cursor where the work ended if {@code cursors} is given.
     */
    private double walk(double base, double t, int i, double remaining, Cursors cursors, int worker) {
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
                if (cursors != null) {
                    cursors.index[worker] = i;
                    cursors.base[worker] = base;
                }
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

    /** The first detour from {@code from} on whose end is after {@code t}: a gallop, then a binary search. */
    private int gallop(double t, int from) {
        int n = ends.length;
        if (from >= n || ends[from] > t) {
            return from;
        }
        int step = 1;
        int low = from;
        int high = from + step;
        while (high < n && ends[high] <= t) {
            low = high;
            step <<= 1;
            high = from + step;
        }
        high = Math.min(high, n);
        // ends[low] <= t; the answer is in (low, high]
        while (low + 1 < high) {
            int mid = (low + high) >>> 1;
            if (ends[mid] <= t) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return high;
    }
}
