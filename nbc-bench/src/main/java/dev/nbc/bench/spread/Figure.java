package dev.nbc.bench.spread;

/**
 * A column of a benchmark's rows that is a measured figure: repeated runs give it a median and a
 * 95 % interval ({@link MedianInterval}), and the point is flagged unstable when the interval is
 * wider than {@code tolerance}: a fraction of the median (times), or points (percentages, shares,
 * whose median may be near 0).
 *
 * @param relative whether {@code tolerance} is a fraction of the median (true) or in the column's unit
 */
public record Figure(String column, double tolerance, boolean relative) {
    /** Suffixes of the interval's columns beside the figure's. */
    public static final String LOW = "_ci_low";
    public static final String HIGH = "_ci_high";
    /** How many runs gave the figure a value (a window scheme's run without a valid window gives none). */
    public static final String RUNS = "_ci_runs";
    /** The smallest change of the figure that matters, in its unit: what {@code compare} calls a real difference. */
    public static final String TOLERANCE = "_tolerance";

    /** A figure flagged when its interval is wider than {@code fraction} of its median. */
    public static Figure relative(String column, double fraction) {
        return new Figure(column, fraction, true);
    }

    /** A figure flagged when its interval is wider than {@code width} in its own unit. */
    public static Figure absolute(String column, double width) {
        return new Figure(column, width, false);
    }

    /** Whether {@code interval} is too wide to trust the median. */
    public boolean unstable(MedianInterval interval) {
        return interval.high() - interval.low() > width(interval.median());
    }

    /** The tolerance in the figure's own unit at {@code median}. */
    public double width(double median) {
        return relative ? tolerance * Math.abs(median) : tolerance;
    }
}
