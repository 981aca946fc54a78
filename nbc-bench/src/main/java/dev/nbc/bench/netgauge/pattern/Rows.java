package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.latency.Stats;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The columns of netgauge's rows, one owner for every pattern, the report and the plots. A time
 * row holds a distribution of per-round times in microseconds (median, mean, p99, as users pay the
 * mean and the tail) and the bandwidth its median implies.
 */
public final class Rows {
    public static final String PATTERN = "pattern";
    public static final String MODULE = "module";
    public static final String RANKS = "ranks";
    /** Clients of 1:n and n:1, pairs of 1:1. */
    public static final String PEERS = "peers";
    public static final String BYTES = "bytes";
    public static final String ROUNDS = "rounds";
    /** What the time is: "rtt/2", "round", "one-way under load" ... */
    public static final String TIMED = "timed";
    public static final String TIME_US = "time_us";
    public static final String TIME_MEAN_US = "time_mean_us";
    public static final String TIME_P99_US = "time_p99_us";
    /** Bytes moved per microsecond of median time, in MiB/s: per pair or client, and all of them together. */
    public static final String BANDWIDTH_MIB_S = "bandwidth_mib_s";
    public static final String AGGREGATE_MIB_S = "aggregate_bandwidth_mib_s";
    /** On an emulated network: what the planted parameters predict for TIME_US (Prediction), and the measured error. */
    public static final String PREDICTED_US = "predicted_us";
    public static final String ERROR_PCT = "error_pct";
    /** Messages an unreliable module lost (rounds that were not timed). */
    public static final String LOST = "lost";

    private Rows() {
    }

    /**
     * A time row for {@code bytes}: {@code roundTimes} in ns (the rounds that completed),
     * {@code bytesPerRound} the bytes one peer moves in a timed interval, {@code peers} how many
     * move them at once.
     */
    public static Map<String, Object> time(PatternRun run, String pattern, int peers, int bytes, String timed, double[] roundTimes,
                                           long bytesPerRound, int lost) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put(PATTERN, pattern);
        row.put(MODULE, run.endpoint().module().name());
        row.put(RANKS, run.size());
        row.put(PEERS, peers);
        row.put(BYTES, bytes);
        row.put(ROUNDS, roundTimes.length);
        row.put(TIMED, timed);
        boolean any = roundTimes.length > 0;
        double median = any ? Stats.median(roundTimes) : Double.NaN;
        row.put(TIME_US, median / 1e3);
        row.put(TIME_MEAN_US, any ? Stats.mean(roundTimes) / 1e3 : Double.NaN);
        row.put(TIME_P99_US, any ? Stats.quantile(roundTimes, 0.99) / 1e3 : Double.NaN);
        double mibPerSecond = bytesPerRound / (median / 1e9) / (1 << 20);
        row.put(BANDWIDTH_MIB_S, bytes == 0 ? 0.0 : mibPerSecond);
        row.put(AGGREGATE_MIB_S, bytes == 0 ? 0.0 : mibPerSecond * peers);
        row.put(LOST, lost);
        return row;
    }
}
