package dev.nbc.bench.netgauge.timer;

import java.util.Arrays;

/**
 * A timer's resolution and overhead, measured, as Netgauge prints them at start: the resolution
 * is the smallest non-zero step between two successive readings; the overhead is the median time
 * of one reading, from batches of back-to-back readings.
 *
 * @param resolutionNanos smallest step seen
 * @param overheadNanos   median cost of one reading
 */
public record TimerQuality(String timer, double resolutionNanos, double overheadNanos) {
    private static final int STEPS = 100_000;
    private static final int BATCHES = 101;
    private static final int BATCH = 1_000;

    public static TimerQuality measure(Timer timer) {
        long smallest = Long.MAX_VALUE;
        long previous = timer.nanos();
        for (int i = 0; i < STEPS; i++) {
            long now = timer.nanos();
            long step = now - previous;
            if (step > 0 && step < smallest) {
                smallest = step;
            }
            previous = now;
        }
        double[] perReading = new double[BATCHES];
        long sink = 0;
        for (int b = 0; b < BATCHES; b++) {
            long start = System.nanoTime();
            for (int i = 0; i < BATCH; i++) {
                sink += timer.nanos();
            }
            perReading[b] = (System.nanoTime() - start) / (double) BATCH;
        }
        if (sink == 42) {
            System.out.print("");
        }
        Arrays.sort(perReading);
        return new TimerQuality(timer.name(), smallest == Long.MAX_VALUE ? Double.NaN : smallest, perReading[BATCHES / 2]);
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "timer %-10s resolution %8.1f ns, overhead %6.1f ns per reading", timer,
                resolutionNanos, overheadNanos);
    }
}
