package dev.nbc.bench.overlap;

import dev.nbc.bench.ops.EngineCounts;
import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.report.Column;

/**
 * One run's measurement of an overlap point: figures per rank are medians over the repetitions,
 * the row holds their mean over ranks (and the minimum of the OSU overlap).
 *
 * @param key                the point
 * @param repetitions        timed repetitions of each step
 * @param testIntervalMicros without a progress thread: computation between two tests; null when the variant does not poll or tests a fixed number of times
 * @param testCalls          tests spread evenly through the computation (OSU's -t N), null when tests follow the interval
 * @param times              the steps' times
 * @param cpuShare           the collective's own CPU (application and progress thread) per pure time
 * @param byRank             figures of each rank, in rank order
 * @param overlapOsuPct      overlap by OSU's formula, mean over ranks
 * @param overlapOsuMinPct   overlap by OSU's formula, the lowest rank's
 * @param overlapImbPct      overlap by IMB-NBC's formula, mean over ranks
 * @param physicalLimitPct   the overlap the collective's CPU share leaves possible (1 - share), mean over ranks
 * @param counters           what nbc's progress engine did in the overlapped runs
 */
public record OverlapPoint(PointKey key, @Column("repetitions") int repetitions,
                           @Column(value = "test_interval_us", unit = "us") Double testIntervalMicros,
                           @Column("test_calls") Integer testCalls, Times times, @Column("cpu_share") double cpuShare,
                           ByRank byRank, @Column(value = OVERLAP_OSU_PCT, unit = "%") double overlapOsuPct,
                           @Column(value = "overlap_osu_min_pct", unit = "%") double overlapOsuMinPct,
                           @Column(value = OVERLAP_IMB_PCT, unit = "%") double overlapImbPct,
                           @Column(value = PHYSICAL_LIMIT_PCT, unit = "%") double physicalLimitPct, EngineCounts counters) {
    static final String PURE_US = "pure_us";
    static final String PURE_MAX_US = "pure_max_us";
    static final String COMPUTE_US = "compute_us";
    static final String OVERALL_US = "overall_us";
    static final String OVERLAPPED_COST_US = "overlapped_cost_us";
    static final String OVERLAP_OSU_PCT = "overlap_osu_pct";
    static final String OVERLAP_IMB_PCT = "overlap_imb_pct";
    static final String PHYSICAL_LIMIT_PCT = "physical_limit_pct";

    /**
     * The times of the steps, mean over ranks unless said otherwise.
     *
     * @param pure          start + wait alone
     * @param pureMax       start + wait alone, the slowest rank's
     * @param computeTarget the computation's length each rank aims at: its own pure time
     * @param compute       the computation alone
     * @param overall       the collective and the computation together
     * @param overallMax    together, the slowest rank's
     * @param computeInRun  the computation's share of the overall time
     * @param overlappedCost what the overlapped collective cost the application: overall - compute
     * @param inLibrary     the overall time spent inside the library's calls: overall - computation in the run
     */
    public record Times(@Column(value = PURE_US, unit = "us") double pure, @Column(value = PURE_MAX_US, unit = "us") double pureMax,
                        @Column(value = "compute_target_us", unit = "us") double computeTarget,
                        @Column(value = COMPUTE_US, unit = "us") double compute,
                        @Column(value = OVERALL_US, unit = "us") double overall,
                        @Column(value = "overall_max_us", unit = "us") double overallMax,
                        @Column(value = "compute_in_run_us", unit = "us") double computeInRun,
                        @Column(value = OVERLAPPED_COST_US, unit = "us") double overlappedCost,
                        @Column(value = "in_library_us", unit = "us") double inLibrary) {
    }

    /**
     * Figures of each rank in rank order, separated by ';': a root's collective and a leaf's can
     * differ in kind (a broadcast's root hands its data to the kernel and is done; its leaves wait
     * for the network).
     *
     * @param pureMicros    each rank's pure time, us
     * @param overlapOsuPct each rank's overlap by OSU's formula, %
     * @param cpuShare      each rank's CPU share
     */
    public record ByRank(@Column("pure_us_by_rank") String pureMicros, @Column("overlap_osu_pct_by_rank") String overlapOsuPct,
                         @Column("cpu_share_by_rank") String cpuShare) {
    }
}
