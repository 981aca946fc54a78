package dev.nbc.models.assessment;

import java.util.Arrays;

/**
 * The median and quartiles of repeated timings (ns). Medians, because on a shared machine a
 * timing is only ever made late (a descheduled thread, an interrupt), never early.
 */
public record Spread(double median, double q25, double q75, int samples) {

    /** Median and quartiles of {@code values} (not modified). */
    public static Spread of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("values: need at least one sample");
        }
        double[] v = values.clone();
        Arrays.sort(v);
        return new Spread(quantile(v, 0.5), quantile(v, 0.25), quantile(v, 0.75), v.length);
    }

    /** Linear interpolation between order statistics of the sorted array {@code v}. */
    static double quantile(double[] v, double q) {
        double pos = q * (v.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, v.length - 1);
        return v[lo] + (pos - lo) * (v[hi] - v[lo]);
    }

    /** The interquartile range relative to the median: a unitless measure of the timing's noise. */
    public double relativeIqr() {
        return median != 0 ? (q75 - q25) / median : Double.NaN;
    }

    /** This spread scaled by {@code factor} (e.g. 1/2 for one way of a round trip). */
    public Spread scaled(double factor) {
        return new Spread(median * factor, q25 * factor, q75 * factor, samples);
    }
}
