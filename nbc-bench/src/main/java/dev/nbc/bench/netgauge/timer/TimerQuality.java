package dev.nbc.bench.netgauge.timer;

import java.util.Arrays;
import java.util.function.LongSupplier;

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

    /** Keeps the overhead loop's readings alive, as BusyWork's sink. */
    private static volatile long sink;

    public static TimerQuality measure(Timer timer) {
        long smallest = minimumStep(timer::nanos, STEPS);
        double[] perReading = new double[BATCHES];
        for (int b = 0; b < BATCHES; b++) {
            long sum = 0;
            long start = System.nanoTime();
            for (int i = 0; i < BATCH; i++) {
                sum += timer.nanos();
            }
            perReading[b] = (System.nanoTime() - start) / (double) BATCH;
            sink = sum;
        }
        Arrays.sort(perReading);
        return new TimerQuality(timer.name(), smallest == 0 ? Double.NaN : smallest, perReading[BATCHES / 2]);
    }

    /** The smallest non-zero difference of two consecutive reads of {@code clock} among {@code reads}; 0 if none differed. */
    public static long minimumStep(LongSupplier clock, int reads) {
        long min = Long.MAX_VALUE;
        long last = clock.getAsLong();
        for (int i = 0; i < reads; i++) {
            long now = clock.getAsLong();
            long step = now - last;
            if (step > 0 && step < min) {
                min = step;
            }
            last = now;
        }
        return min == Long.MAX_VALUE ? 0 : min;
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "timer %-10s resolution %8.1f ns, overhead %6.1f ns per reading", timer,
                resolutionNanos, overheadNanos);
    }
}
