package dev.nbc.bench.latency;

import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.report.Column;

/**
 * One run's latency of a point by one scheme and reduction: the window scheme's rows have the
 * windows' counts and the quantiles, the naive schemes' only the median.
 *
 * @param key         the point
 * @param repetitions windows (or naive repetitions) measured; summed over the runs in a merged row
 * @param scheme      window, barrier-then-op or pipelined-loop/N
 * @param reduction   how the ranks' (start, end) pairs become one time ({@link Reduction}), max or rank0 for the naive schemes
 * @param windows     the window scheme's windows, null for the naive schemes
 * @param median      the median time, us
 * @param quantiles   the window scheme's quantiles over the counted windows, null for the naive schemes
 */
public record LatencyPoint(PointKey key, @Column(REPETITIONS) int repetitions, @Column(SCHEME) String scheme,
                           @Column(REDUCTION) String reduction, Windows windows, @Column(value = MEDIAN_US, unit = "us") double median,
                           Quantiles quantiles) {
    static final String REPETITIONS = "repetitions";
    /** The columns that, with the key, tell a point's rows apart. */
    public static final String SCHEME = "scheme";
    public static final String REDUCTION = "reduction";
    static final String MEDIAN_US = "median_us";
    static final String VALID = "valid";
    static final String LATE = "late";
    static final String OVERRUN = "overrun";
    static final String Q10_US = "q10_us";
    static final String Q90_US = "q90_us";
    /** The scheme of the synchronised windows. */
    static final String WINDOW = "window";

    /**
     * The window scheme's windows; the counts are summed over the runs in a merged row.
     *
     * @param attempts         how many times the windows were measured, each time wider (a median over runs in a merged row)
     * @param latestStartMicros the latest start after its window opened, over every window and rank, us
     * @param windowMicros     the width of the windows counted, us
     * @param valid            windows counted: no rank late, none overran
     * @param late             windows with a rank starting later than the tolerance after the window opened
     * @param overrun          windows with a rank finishing after the window closed
     */
    public record Windows(@Column("window_attempts") Number attempts, @Column(value = "latest_start_us", unit = "us") double latestStartMicros,
                          @Column(value = "window_us", unit = "us") double windowMicros, @Column(VALID) int valid,
                          @Column(LATE) int late, @Column(OVERRUN) int overrun) {
    }

    /**
     * Quantiles of the times over the counted windows, us.
     *
     * @param q10 the 10th percentile
     * @param q25 the 25th percentile
     * @param q75 the 75th percentile
     * @param q90 the 90th percentile
     * @param min the shortest
     * @param max the longest
     */
    public record Quantiles(@Column(value = Q10_US, unit = "us") double q10, @Column(value = "q25_us", unit = "us") double q25,
                            @Column(value = "q75_us", unit = "us") double q75, @Column(value = Q90_US, unit = "us") double q90,
                            @Column(value = "min_us", unit = "us") double min, @Column(value = "max_us", unit = "us") double max) {
    }
}
