package dev.nbc.bench.jitter;

import dev.nbc.bench.report.Column;

/**
 * A row "jitter-trace" of {@code jitter collect}: one CPU's detour trace, its detours'
 * distribution, the noise fraction, and the FWQ and FTQ views over 1 ms quanta.
 *
 * @param cpu                 the CPU collected on, -1 unbound
 * @param binding             how the collector was bound
 * @param tMinNanos           the smallest clock step seen, ns
 * @param thresholdNanos      a clock step longer than this was a detour, ns
 * @param seconds             how long the collector recorded
 * @param detours             the detours recorded
 * @param detoursPerSecond    detours per second
 * @param noisePct            the share of the time lost to detours
 * @param detourP50Nanos      the median detour, ns
 * @param detourP99Nanos      the 99th percentile detour, ns
 * @param detourMaxNanos      the longest detour, ns
 * @param fwqP50Micros        fixed work of 1 ms: the median time it took, us
 * @param fwqP99Micros        fixed work of 1 ms: the 99th percentile, us
 * @param fwqMaxMicros        fixed work of 1 ms: the longest, us
 * @param ftqMinFreePct       fixed time quanta of 1 ms: the smallest share free of detours
 * @param ftqMeanFreePct      fixed time quanta of 1 ms: the mean share free of detours
 * @param full                whether the trace ran out of room before the time was up
 */
public record TraceRow(@Column("cpu") int cpu, @Column("binding") String binding, @Column(value = "t_min_ns", unit = "ns") long tMinNanos,
                       @Column(value = "threshold_ns", unit = "ns") long thresholdNanos, @Column(value = "seconds", unit = "s") double seconds,
                       @Column("detours") int detours, @Column(value = "detours_per_s", unit = "1/s") double detoursPerSecond,
                       @Column(value = "noise_pct", unit = "%") double noisePct,
                       @Column(value = "detour_p50_ns", unit = "ns") double detourP50Nanos,
                       @Column(value = "detour_p99_ns", unit = "ns") double detourP99Nanos,
                       @Column(value = "detour_max_ns", unit = "ns") double detourMaxNanos,
                       @Column(value = "fwq_1ms_p50_us", unit = "us") double fwqP50Micros,
                       @Column(value = "fwq_1ms_p99_us", unit = "us") double fwqP99Micros,
                       @Column(value = "fwq_1ms_max_us", unit = "us") double fwqMaxMicros,
                       @Column(value = "ftq_1ms_min_free_pct", unit = "%") double ftqMinFreePct,
                       @Column(value = "ftq_1ms_mean_free_pct", unit = "%") double ftqMeanFreePct, @Column("full") boolean full) {
}
