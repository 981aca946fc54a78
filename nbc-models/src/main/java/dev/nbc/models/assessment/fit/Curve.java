package dev.nbc.models.assessment.fit;

import java.util.Arrays;

/**
 * A quantity measured over message sizes: x the size in bytes (ascending), y the value. It is what
 * the assessment's methods fit lines to.
 */
public record Curve(double[] x, double[] y) {

    public Curve {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x, y: must have the same length, but had " + x.length + " and " + y.length);
        }
        x = x.clone();
        y = y.clone();
    }

    public int size() {
        return x.length;
    }

    /** Points {@code from..to} inclusive. */
    public Curve range(int from, int to) {
        return new Curve(Arrays.copyOfRange(x, from, to + 1), Arrays.copyOfRange(y, from, to + 1));
    }

    /**
     * A line through the points: relative least squares ({@link LineFit#relative}) when every y is
     * positive, otherwise (a difference of timings that noise pushed to or below 0) plain least squares.
     */
    public LineFit line() {
        for (double v : y) {
            if (!(v > 0)) {
                double[] w = new double[y.length];
                Arrays.fill(w, 1.0);
                return LineFit.weighted(x, y, w);
            }
        }
        return LineFit.relative(x, y);
    }
}
