package dev.nbc.bench.model;

import dev.nbc.bench.report.Column;

/**
 * A row "prediction" of {@code model validate}: a collective's time on an emulated network,
 * measured and predicted from the assessed and the planted parameters.
 *
 * @param set                       the planted set's name
 * @param network                   the planted network
 * @param collective                the collective
 * @param algorithm                 the algorithm the prediction chose and the measurement ran
 * @param processes                 P
 * @param bytes                     the message size
 * @param measuredMedianMicros      the measured median, us
 * @param measuredQ25Micros         the measured 25th percentile, us
 * @param measuredQ75Micros         the measured 75th percentile, us
 * @param predictedAssessedMicros   the simulator's time from the assessed parameters, us
 * @param predictedPlantedMicros    the simulator's time from the planted parameters, us
 * @param errorAssessedPct          the prediction from the assessed parameters against the measured median
 * @param errorPlantedPct           the prediction from the planted parameters against the measured median
 * @param within10Pct               whether the assessed prediction's error is at most 10 %
 * @param equationMicros            the paper's equations' time from the assessed parameters, us
 * @param predictedCpuShare         the predicted CPU share
 * @param predictedOverlapPotential the predicted overlap potential
 */
public record PredictionRow(@Column("set") String set, @Column("network") String network, @Column("collective") String collective,
                            @Column("algorithm") String algorithm, @Column("P") int processes,
                            @Column(value = "bytes", unit = "bytes") long bytes,
                            @Column(value = "measured_median_us", unit = "us") double measuredMedianMicros,
                            @Column(value = "measured_q25_us", unit = "us") double measuredQ25Micros,
                            @Column(value = "measured_q75_us", unit = "us") double measuredQ75Micros,
                            @Column(value = "predicted_assessed_us", unit = "us") double predictedAssessedMicros,
                            @Column(value = "predicted_planted_us", unit = "us") double predictedPlantedMicros,
                            @Column(value = "error_assessed_pct", unit = "%") double errorAssessedPct,
                            @Column(value = "error_planted_pct", unit = "%") double errorPlantedPct,
                            @Column("within_10pct") boolean within10Pct, @Column(value = "equation_us", unit = "us") double equationMicros,
                            @Column("predicted_cpu_share") double predictedCpuShare,
                            @Column("predicted_overlap_potential") double predictedOverlapPotential) {
}
