package dev.nbc.bench.netgauge.pattern;

/**
 * The names of netgauge's columns, one owner for every pattern's rows ({@link TimeRow},
 * {@link ParameterRow}), the report and the plots.
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
    /** The nbov pattern's overlap with computation. */
    public static final String OVERLAP_PCT = "overlap_pct";
    /** A parameter row's parameter, value and unit. */
    public static final String PARAMETER = "parameter";
    public static final String VALUE = "value";
    public static final String UNIT = "unit";

    private Rows() {
    }
}
