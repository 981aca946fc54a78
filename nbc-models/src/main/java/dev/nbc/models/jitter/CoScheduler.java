package dev.nbc.models.jitter;

import dev.nbc.models.simulation.DetourTrace;

import java.util.ArrayList;
import java.util.List;

/**
 * A co-scheduler (jitSim section 3.5): the application runs at high priority for
 * {@code highNanos}, then at low priority for {@code lowNanos}, the windows aligned across nodes.
 * The noise of the trace runs only in the low windows: a detour that would begin in a high window
 * waits for the next low window, and one that does not fit in a low window continues in the
 * next. The daemon itself costs {@code switchNanos} of detour at the start of every low window
 * (the paper saw its own jitter dominate below 512 tasks).
 */
public record CoScheduler(double highNanos, double lowNanos, double switchNanos) {

    public CoScheduler {
        if (!(highNanos > 0) || Double.isInfinite(highNanos)) {
            throw new IllegalArgumentException("highNanos: must be finite and > 0, but was " + highNanos);
        }
        if (!(lowNanos > 0) || Double.isInfinite(lowNanos)) {
            throw new IllegalArgumentException("lowNanos: must be finite and > 0, but was " + lowNanos);
        }
        if (!(switchNanos >= 0) || switchNanos > lowNanos) {
            throw new IllegalArgumentException("switchNanos: must be in [0, lowNanos = " + lowNanos + "], but was " + switchNanos);
        }
    }

    /** Length of a high window and the low window after it. */
    public double windowNanos() {
        return highNanos + lowNanos;
    }

    /**
     * The trace as the co-scheduler lets it happen: the daemon's {@code switchNanos} at the start
     * of every low window, then the trace's detours in order, each as early as the low windows
     * let it run. The result repeats after a whole number of windows that holds the original
     * period and all the deferred work.
     */
    public DetourTrace apply(DetourTrace trace) {
        double window = windowNanos();
        List<double[]> pieces = new ArrayList<>();
        double free = 0;   // the low windows are taken up to here
        int switched = 0;  // windows whose daemon cost is placed
        for (int i = 0; i < trace.detours(); i++) {
            double t = Math.max(free, trace.start(i));
            double work = trace.duration(i);
            while (work > 0) {
                int w = (int) Math.floor(t / window);
                for (; switched <= w; switched++) {
                    addSwitch(pieces, switched, window);
                }
                double lowStart = w * window + highNanos + switchNanos;
                double lowEnd = (w + 1) * window;
                t = Math.max(t, lowStart);
                double run = Math.min(work, lowEnd - t);
                if (run > 0) {
                    pieces.add(new double[] {t, run});
                    work -= run;
                    t += run;
                }
                if (work > 0) {
                    t = lowEnd;
                }
            }
            free = t;
        }
        int windows = Math.max((int) Math.ceil(trace.period() / window), (int) Math.ceil(free / window));
        for (; switched < windows; switched++) {
            addSwitch(pieces, switched, window);
        }
        return merged(pieces, windows * window);
    }

    private void addSwitch(List<double[]> pieces, int w, double window) {
        if (switchNanos > 0) {
            pieces.add(new double[] {w * window + highNanos, switchNanos});
        }
    }

    private static DetourTrace merged(List<double[]> pieces, double period) {
        pieces.sort((a, b) -> Double.compare(a[0], b[0]));
        List<double[]> out = new ArrayList<>();
        for (double[] piece : pieces) {
            double[] last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && piece[0] <= last[0] + last[1]) {
                last[1] = Math.max(last[1], piece[0] + piece[1] - last[0]);
            } else {
                out.add(new double[] {piece[0], piece[1]});
            }
        }
        double[] starts = new double[out.size()];
        double[] durations = new double[out.size()];
        for (int i = 0; i < out.size(); i++) {
            starts[i] = out.get(i)[0];
            durations[i] = out.get(i)[1];
        }
        return new DetourTrace(starts, durations, period);
    }
}
