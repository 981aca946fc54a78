package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.latency.Stats;
import dev.nbc.bench.report.Column;

/**
 * A time row of a pattern at one size: a distribution of per-round times in microseconds (median,
 * mean, p99, as users pay the mean and the tail) and the bandwidth its median implies.
 *
 * @param pattern          the pattern
 * @param module           the communication module
 * @param ranks            the ranks of the run
 * @param peers            clients of 1:n and n:1, pairs of 1:1
 * @param bytes            the message size
 * @param rounds           the rounds timed
 * @param timed            what the time is: "rtt/2", "round", "one-way under load" ...
 * @param timeMicros       the median round, us
 * @param timeMeanMicros   the mean round, us
 * @param timeP99Micros    the 99th percentile round, us
 * @param bandwidth        bytes moved per median time by one pair or client, MiB/s
 * @param aggregateBandwidth bytes moved per median time by all of them together, MiB/s
 * @param lost             messages an unreliable module lost (rounds that were not timed)
 * @param overlap          the nbov pattern's overlap with computation, null for the others
 * @param predicted        on an emulated network: what the planted parameters predict, null elsewhere
 */
public record TimeRow(@Column(Rows.PATTERN) String pattern, @Column(Rows.MODULE) String module, @Column(Rows.RANKS) int ranks,
                      @Column(Rows.PEERS) int peers, @Column(value = Rows.BYTES, unit = "bytes") int bytes, @Column(Rows.ROUNDS) int rounds,
                      @Column(Rows.TIMED) String timed, @Column(value = Rows.TIME_US, unit = "us") double timeMicros,
                      @Column(value = Rows.TIME_MEAN_US, unit = "us") double timeMeanMicros,
                      @Column(value = Rows.TIME_P99_US, unit = "us") double timeP99Micros,
                      @Column(value = Rows.BANDWIDTH_MIB_S, unit = "MiB/s") double bandwidth,
                      @Column(value = Rows.AGGREGATE_MIB_S, unit = "MiB/s") double aggregateBandwidth, @Column(Rows.LOST) int lost,
                      OverlapTimes overlap, Predicted predicted) implements NetgaugeRow {

    /**
     * The nbov pattern's exchange alone and with computation.
     *
     * @param pureMicros    the exchange alone, median, us
     * @param computeMicros the computation beside it, us
     * @param overlapPct    the overlap by OSU's formula
     */
    public record OverlapTimes(@Column(value = "pure_us", unit = "us") double pureMicros,
                               @Column(value = "compute_us", unit = "us") double computeMicros,
                               @Column(value = Rows.OVERLAP_PCT, unit = "%") double overlapPct) {
    }

    /**
     * What the planted parameters of an emulated network predict for the median ({@link Prediction}).
     *
     * @param micros   the prediction, us
     * @param errorPct the measured median against it
     */
    public record Predicted(@Column(value = Rows.PREDICTED_US, unit = "us") double micros,
                            @Column(value = Rows.ERROR_PCT, unit = "%") double errorPct) {
    }

    /**
     * The row for {@code bytes}: {@code roundTimes} in ns (the rounds that completed),
     * {@code bytesPerRound} the bytes one peer moves in a timed interval, {@code peers} how many
     * move them at once.
     */
    public static TimeRow of(PatternRun run, String pattern, int peers, int bytes, String timed, double[] roundTimes, long bytesPerRound,
                             int lost) {
        boolean any = roundTimes.length > 0;
        double median = any ? Stats.median(roundTimes) : Double.NaN;
        double mibPerSecond = bytesPerRound / (median / 1e9) / (1 << 20);
        return new TimeRow(pattern, run.endpoint().module().name(), run.size(), peers, bytes, roundTimes.length, timed, median / 1e3,
                any ? Stats.mean(roundTimes) / 1e3 : Double.NaN, any ? Stats.quantile(roundTimes, 0.99) / 1e3 : Double.NaN,
                bytes == 0 ? 0.0 : mibPerSecond, bytes == 0 ? 0.0 : mibPerSecond * peers, lost, null, null);
    }

    /** This row with the overlap of the nbov pattern. */
    public TimeRow with(OverlapTimes overlap) {
        return new TimeRow(pattern, module, ranks, peers, bytes, rounds, timed, timeMicros, timeMeanMicros, timeP99Micros, bandwidth,
                aggregateBandwidth, lost, overlap, predicted);
    }

    /** This row with what the planted parameters predict for it. */
    public TimeRow with(Predicted predicted) {
        return new TimeRow(pattern, module, ranks, peers, bytes, rounds, timed, timeMicros, timeMeanMicros, timeP99Micros, bandwidth,
                aggregateBandwidth, lost, overlap, predicted);
    }
}
