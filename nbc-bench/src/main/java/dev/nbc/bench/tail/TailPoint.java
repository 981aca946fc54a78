package dev.nbc.bench.tail;

import dev.nbc.bench.ops.EngineCounts;
import dev.nbc.bench.ops.JvmActivity;
import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.report.Column;

/**
 * One run's measurement of a back-to-back point: each figure of the ranks' own distributions, the largest over ranks.
 *
 * @param key           the point
 * @param iterations    timed iterations
 * @param warmups       at least this many untimed iterations before the point
 * @param warmupSeconds seconds of untimed iterations per point in the warm-up sweep
 * @param p50           the median iteration, us
 * @param p90           the 90th percentile, us
 * @param p99           the 99th percentile, us
 * @param p999          the 99.9th percentile, us
 * @param mean          the mean iteration, us: what users pay
 * @param max           the slowest iteration, us
 * @param counters      what nbc's progress engine did in the timed loop
 * @param jvm           what the JIT and the collectors did in the timed loop
 */
public record TailPoint(PointKey key, @Column("iterations") int iterations, @Column("warmups") int warmups,
                        @Column(value = "warmup_s", unit = "s") double warmupSeconds,
                        @Column(value = P50_US, unit = "us") double p50, @Column(value = P90_US, unit = "us") double p90,
                        @Column(value = P99_US, unit = "us") double p99, @Column(value = P999_US, unit = "us") double p999,
                        @Column(value = MEAN_US, unit = "us") double mean, @Column(value = MAX_US, unit = "us") double max,
                        EngineCounts counters, JvmActivity jvm) {
    static final String P50_US = "p50_us";
    static final String P90_US = "p90_us";
    static final String P99_US = "p99_us";
    static final String P999_US = "p999_us";
    static final String MEAN_US = "mean_us";
    static final String MAX_US = "max_us";
}
