package dev.nbc.examples.shared;

import java.util.Arrays;

/**
 * The times of repeated runs of one thing (a solve, a training step), in ms, each already the
 * slowest rank's ({@link AcrossRanks#slowest}), and the statistics the examples report of them.
 */
public record Timings(double[] millis) {
    public Timings {
        if (millis.length == 0) {
            throw new IllegalArgumentException("millis: need at least one time");
        }
        millis = millis.clone();
    }

    @Override
    public double[] millis() {
        return millis.clone();
    }

    public int count() {
        return millis.length;
    }

    /** The upper median: the middle time, of an even count the larger of the two middle ones. */
    public double median() {
        return sorted()[millis.length / 2];
    }

    public double mean() {
        return Arrays.stream(millis).average().orElseThrow();
    }

    public double min() {
        return Arrays.stream(millis).min().orElseThrow();
    }

    /**
     * The nearest-rank percentile: the smallest time that at least {@code percent} % of the times
     * do not exceed (of fewer than 100 times, p99 is the largest).
     */
    public double percentile(double percent) {
        if (!(percent > 0 && percent <= 100)) {
            throw new IllegalArgumentException("percent: must be above 0 and at most 100, but was " + percent);
        }
        double[] sorted = sorted();
        int rank = (int) Math.ceil(percent / 100 * sorted.length);
        return sorted[Math.max(1, rank) - 1];
    }

    private double[] sorted() {
        double[] sorted = millis.clone();
        Arrays.sort(sorted);
        return sorted;
    }
}
