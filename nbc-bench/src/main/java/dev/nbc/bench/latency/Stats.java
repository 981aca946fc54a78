package dev.nbc.bench.latency;

import java.util.Arrays;

/** Order statistics (linear interpolation between closest ranks, as numpy's default). */
public final class Stats {
    private Stats() {
    }

    /** The q-quantile (0..1) of the values; NaN when empty. */
    public static double quantile(double[] values, double q) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] s = values.clone();
        Arrays.sort(s);
        double pos = q * (s.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(s.length - 1, lo + 1);
        return s[lo] + (pos - lo) * (s[hi] - s[lo]);
    }

    public static double median(double[] values) {
        return quantile(values, 0.5);
    }

    public static double mean(double[] values) {
        return values.length == 0 ? Double.NaN : Arrays.stream(values).average().orElse(Double.NaN);
    }

    public static double min(double[] values) {
        return values.length == 0 ? Double.NaN : Arrays.stream(values).min().getAsDouble();
    }

    public static double max(double[] values) {
        return values.length == 0 ? Double.NaN : Arrays.stream(values).max().getAsDouble();
    }
}
