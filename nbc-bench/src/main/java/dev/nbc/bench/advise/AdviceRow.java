package dev.nbc.bench.advise;

import dev.nbc.bench.report.Column;
import dev.nbc.bench.report.SummaryTable;

/**
 * A row of {@code advise}: one collective at one size behind one computation per iteration, what
 * LogGP predicts for its loops and, when measured, what they took.
 *
 * @param collective  the collective
 * @param algorithm   the algorithm simulated (and run, when measured)
 * @param processes   P
 * @param bytes       a rank's block
 * @param computeMicros the computation per iteration, us
 * @param source      where the LogGP parameters come from: "model" (a model file) or "network options" (the emulated network's)
 * @param predicted   the prediction
 * @param measured    the measurement; null when not measured
 */
public record AdviceRow(@Column("collective") String collective, @Column(ALGORITHM) String algorithm,
                        @Column("P") int processes, @Column(value = BYTES, unit = "bytes") long bytes,
                        @Column(value = COMPUTE_US, unit = "us") double computeMicros,
                        @Column("loggp_source") String source, Predicted predicted, Measured measured) {

    /**
     * What LogGP predicts (dev.nbc.models.prediction.IterationPrediction), us.
     *
     * @param collectiveMicros          the collective alone, every rank entering at once
     * @param cpuMicros                 its CPU work on the rank whose cpu + max(computation, network) is longest
     * @param networkMicros             that rank's network time
     * @param blockingIterationMicros   the blocking loop's iteration (computation + collective, ranks entering together)
     * @param overlappedIterationMicros the overlapped loop's iteration (cpu + max(computation, network), ranks entering together)
     * @param overlappedCostMicros      the overlapped iteration minus the computation
     * @param speedup                   blocking over overlapped iteration
     */
    public record Predicted(@Column(value = PREDICTED_COLLECTIVE_US, unit = "us") double collectiveMicros,
                            @Column(value = PREDICTED_CPU_US, unit = "us") double cpuMicros,
                            @Column(value = PREDICTED_NETWORK_US, unit = "us") double networkMicros,
                            @Column(value = PREDICTED_BLOCKING_US, unit = "us") double blockingIterationMicros,
                            @Column(value = PREDICTED_OVERLAPPED_US, unit = "us") double overlappedIterationMicros,
                            @Column(value = "predicted_overlapped_cost_us", unit = "us") double overlappedCostMicros,
                            @Column(PREDICTED_SPEEDUP) double speedup) {
    }

    /**
     * What the loops took: per rank the median iteration, then the slowest rank's, us.
     *
     * @param clock                     "virtual" (the emulated network's virtual time) or "real"
     * @param iterations                timed iterations of each loop
     * @param testIntervalMicros        the overlapped loop tested the collective after every this much computation
     * @param blockingIterationMicros   compute, then the blocking collective
     * @param overlappedIterationMicros start, compute while testing, wait
     * @param overlappedCostMicros      the overlapped iteration minus the computation
     * @param speedup                   blocking over overlapped iteration
     * @param blockingErrorPct          the predicted blocking iteration against the measured, %
     * @param overlappedErrorPct        the predicted overlapped iteration against the measured, %
     */
    public record Measured(@Column("clock") String clock, @Column("iterations") int iterations,
                           @Column(value = "test_interval_us", unit = "us") double testIntervalMicros,
                           @Column(value = MEASURED_BLOCKING_US, unit = "us") double blockingIterationMicros,
                           @Column(value = MEASURED_OVERLAPPED_US, unit = "us") double overlappedIterationMicros,
                           @Column(value = "measured_overlapped_cost_us", unit = "us") double overlappedCostMicros,
                           @Column(MEASURED_SPEEDUP) double speedup,
                           @Column(value = ERROR_BLOCKING_PCT, unit = "%") double blockingErrorPct,
                           @Column(value = ERROR_OVERLAPPED_PCT, unit = "%") double overlappedErrorPct) {
    }

    /** The verdict of the prediction: what each loop's iteration takes beyond the computation. */
    public Verdict predictedVerdict() {
        return new Verdict(collective, bytes, predicted.blockingIterationMicros() - computeMicros, computeMicros,
                predicted.overlappedCostMicros());
    }

    /** The verdict of the measurement; null if not measured. */
    public Verdict measuredVerdict() {
        return measured == null ? null : new Verdict(collective, bytes, measured.blockingIterationMicros() - computeMicros,
                computeMicros, measured.overlappedCostMicros());
    }

    static final String BYTES = "bytes";
    static final String COMPUTE_US = "compute_us";
    static final String ALGORITHM = "algorithm";
    static final String PREDICTED_COLLECTIVE_US = "predicted_collective_us";
    static final String PREDICTED_CPU_US = "predicted_cpu_us";
    static final String PREDICTED_NETWORK_US = "predicted_network_us";
    static final String PREDICTED_BLOCKING_US = "predicted_blocking_iteration_us";
    static final String PREDICTED_OVERLAPPED_US = "predicted_overlapped_iteration_us";
    static final String PREDICTED_SPEEDUP = "predicted_speedup";
    static final String MEASURED_BLOCKING_US = "measured_blocking_iteration_us";
    static final String MEASURED_OVERLAPPED_US = "measured_overlapped_iteration_us";
    static final String MEASURED_SPEEDUP = "measured_speedup";
    static final String ERROR_BLOCKING_PCT = "error_blocking_pct";
    static final String ERROR_OVERLAPPED_PCT = "error_overlapped_pct";

    /** The summary's table of the rows: the prediction, and the measurement beside it when {@code measured}. */
    static SummaryTable table(boolean measured) {
        SummaryTable table = SummaryTable.titled("TIME PER ITERATION (us; blocking = compute, then the collective; overlapped = "
                        + "start, compute while testing, wait; coll, cpu, network: the collective alone, ranks entering together, "
                        + "where LogGP's overlapped iteration is cpu + max(compute, network); m: measured; "
                        + "err = (LogGP - measured) / measured)")
                .text("%9s", BYTES).number("%9s", "compute", COMPUTE_US).text("%-18s", ALGORITHM)
                .number("%8s", "coll", PREDICTED_COLLECTIVE_US).number("%7s", "cpu", PREDICTED_CPU_US)
                .number("%8s", "network", PREDICTED_NETWORK_US).number("%9s", "blocking", PREDICTED_BLOCKING_US)
                .number("%9s", "overlap", PREDICTED_OVERLAPPED_US).number("%7s", "x", PREDICTED_SPEEDUP);
        if (measured) {
            table.number("%9s", "m:block", MEASURED_BLOCKING_US).number("%9s", "m:overlap", MEASURED_OVERLAPPED_US)
                    .number("%7s", "m:x", MEASURED_SPEEDUP).number("%7s", "err b%", ERROR_BLOCKING_PCT)
                    .number("%7s", "err o%", ERROR_OVERLAPPED_PCT);
        }
        return table;
    }
}
