package dev.nbc.bench.clock;

import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.report.Column;
import dev.nbc.bench.spread.Spread;

/**
 * A row of the clock synchronisation benchmark: one scheme at one P, its time at rank 0 over the
 * repetitions, and the errors of the clocks it gives, the maximum over ranks.
 *
 * @param processes       how many ranks synchronise
 * @param scheme          tree or linear
 * @param steps           the scheme's steps: ceil(log2 P) for the tree, P - 1 for the linear one
 * @param repetitions     timed synchronisations
 * @param patience        a pair's synchronisation stops when its minimum round trip has not improved for this many exchanges
 * @param timeMicros      the median synchronisation time, us
 * @param spread          the time's interval over the synchronisations, each an independent repetition
 * @param timeMinMicros   the shortest synchronisation, us
 * @param timeMaxMicros   the longest synchronisation, us
 * @param rank0Exchanges  rank 0's exchanges per synchronisation, mean
 * @param rank0MinRttMicros rank 0's smallest round trip per synchronisation, median, us
 * @param injected        the offset and drift injected into the clocks
 * @param errors          the errors of the clocks synchronised, now and after a pause
 */
public record SyncRow(@Column(PointKey.P) int processes, @Column(SyncRow.SCHEME) String scheme, @Column(SyncRow.STEPS) int steps,
                      @Column("repetitions") int repetitions, @Column("patience_N") int patience,
                      @Column(value = SyncRow.SYNC_TIME_US, unit = "us") double timeMicros, Spread spread,
                      @Column(value = "sync_time_min_us", unit = "us") double timeMinMicros,
                      @Column(value = "sync_time_max_us", unit = "us") double timeMaxMicros,
                      @Column("rank0_exchanges") double rank0Exchanges,
                      @Column(value = "rank0_min_rtt_us", unit = "us") double rank0MinRttMicros, Injected injected, Errors errors) {
    static final String SCHEME = "scheme";
    static final String STEPS = "steps";
    static final String SYNC_TIME_US = "sync_time_us";
    static final String ERR_DRIFT_MODEL_NOW_US = "err_drift_model_now_us";
    static final String ERR_DRIFT_MODEL_LATER_US = "err_drift_model_later_us";
    static final String ERR_OFFSET_ONLY_NOW_US = "err_offset_only_now_us";
    static final String ERR_OFFSET_ONLY_LATER_US = "err_offset_only_later_us";
    static final String DRIFT_ERROR_PPM = "drift_error_ppm";

    /**
     * What the benchmark did to the clocks and how it checked them.
     *
     * @param offsetMicros     each rank's clock is off by +-(rank+1) times this, alternating sign, us
     * @param driftPpm         each rank's clock drifts by ((rank mod 3) - 1) times this, ppm
     * @param driftGapMillis   the pause between the two synchronisations of the drift model, ms
     * @param checkAfterMillis the pause before the second check of the errors, ms
     */
    public record Injected(@Column(value = "inject_offset_us", unit = "us") double offsetMicros,
                           @Column(value = "inject_drift_ppm", unit = "ppm") double driftPpm,
                           @Column(value = "drift_gap_ms", unit = "ms") long driftGapMillis,
                           @Column(value = "check_after_ms", unit = "ms") long checkAfterMillis) {
    }

    /**
     * The largest errors over ranks of the global clock estimate against rank 0's clock.
     *
     * @param maxTrueOffsetMicros      the largest true offset of a rank's clock from rank 0's, us
     * @param driftModelNowMicros      with the offset and drift model, right after the synchronisation, us
     * @param driftModelLaterMicros    with the offset and drift model, after the pause, us
     * @param offsetOnlyNowMicros      with the offset only, right after the synchronisation, us
     * @param offsetOnlyLaterMicros    with the offset only, after the pause, us
     * @param driftErrorPpm            the drift model's slope against the true relative drift, ppm
     */
    public record Errors(@Column(value = "max_true_offset_us", unit = "us") double maxTrueOffsetMicros,
                         @Column(value = ERR_DRIFT_MODEL_NOW_US, unit = "us") double driftModelNowMicros,
                         @Column(value = ERR_DRIFT_MODEL_LATER_US, unit = "us") double driftModelLaterMicros,
                         @Column(value = ERR_OFFSET_ONLY_NOW_US, unit = "us") double offsetOnlyNowMicros,
                         @Column(value = ERR_OFFSET_ONLY_LATER_US, unit = "us") double offsetOnlyLaterMicros,
                         @Column(value = DRIFT_ERROR_PPM, unit = "ppm") double driftErrorPpm) {
    }
}
