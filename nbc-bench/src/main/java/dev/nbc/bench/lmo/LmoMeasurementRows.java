package dev.nbc.bench.lmo;

import dev.nbc.bench.report.Column;

/** The rows of {@code lmo measure}: the parameters per processor and per link, and how well they fit the experiments. */
final class LmoMeasurementRows {
    private LmoMeasurementRows() {
    }

    /**
     * A row "lmo-processor": one processor's estimated delays.
     *
     * @param rank                  the processor
     * @param fixedNanos            its fixed delay C_i, ns
     * @param perByteNanos          its per-byte delay t_i, ns
     * @param fixedSpreadNanos      the spread of C_i over the experiments that give it, ns
     * @param perByteSpreadNanos    the spread of t_i, ns
     */
    record Processor(@Column("rank") int rank, @Column(value = "c_ns", unit = "ns") double fixedNanos,
                     @Column(value = "t_ns_per_byte", unit = "ns/byte") double perByteNanos,
                     @Column(value = "c_spread_ns", unit = "ns") double fixedSpreadNanos,
                     @Column(value = "t_spread_ns_per_byte", unit = "ns/byte") double perByteSpreadNanos) {
    }

    /**
     * A row "lmo-link": one link's estimated per-byte delay.
     *
     * @param i                the link's one end
     * @param j                its other end
     * @param inverseBetaNanos its per-byte delay 1/beta_ij, ns
     */
    record Link(@Column("i") int i, @Column("j") int j, @Column(value = "inverse_beta_ns_per_byte", unit = "ns/byte") double inverseBetaNanos) {
    }

    /**
     * A row "lmo-fit": the fitted model against every measured experiment, relative errors.
     *
     * @param experiments     the experiments
     * @param medianErrorPct  the median error
     * @param p90ErrorPct     the 90th percentile error
     * @param maxErrorPct     the largest error
     */
    record Fit(@Column("experiments") int experiments, @Column(value = "median_error_pct", unit = "%") double medianErrorPct,
               @Column(value = "p90_error_pct", unit = "%") double p90ErrorPct,
               @Column(value = "max_error_pct", unit = "%") double maxErrorPct) {
    }
}
