package dev.nbc.bench.lmo;

import dev.nbc.bench.report.Column;

/**
 * A row "lmo" of {@code lmo validate}: on one planted network of n processors, how well the LMO
 * experiments recover the planted parameters and thresholds (the same in every root's row), and
 * how far each model's scatter and gather predictions from one root are from the measured times
 * at worst.
 *
 * @param network                the planted network's kind
 * @param processors             n
 * @param root                   the root of the scatter and gather predicted and measured
 * @param parameters             the recovered parameters' largest errors
 * @param thresholds             the thresholds found and planted, and the gather's corrections
 * @param gather                 the gather predictions' largest errors
 * @param scatterPlantedBytes    the planted scatter threshold S
 * @param experimentsWallSeconds the experiments' wall time
 * @param scatter                the scatter predictions' largest errors
 */
public record LmoValidationRow(@Column("network") String network, @Column("n") int processors, @Column("root") int root,
                               ParameterErrors parameters,
                               Thresholds thresholds, GatherErrors gather,
                               @Column(value = "s_planted_bytes", unit = "bytes") long scatterPlantedBytes,
                               @Column(value = "experiments_wall_s", unit = "s") double experimentsWallSeconds, ScatterErrors scatter) {

    /**
     * The recovered parameters' largest errors against the planted ones, %.
     *
     * @param c           of the processors' fixed delays C_i
     * @param t           of the processors' per-byte delays t_i
     * @param inverseBeta of the links' per-byte delays 1/beta_ij
     */
    public record ParameterErrors(@Column(value = "c_max_error_pct", unit = "%") double c,
                                  @Column(value = "t_max_error_pct", unit = "%") double t,
                                  @Column(value = "inverse_beta_max_error_pct", unit = "%") double inverseBeta) {
    }

    /**
     * The thresholds the experiments found, beside the planted ones, and the gather's slope corrections.
     *
     * @param scatterFoundBytes the scatter threshold S found
     * @param m1FoundBytes      the gather's small-message threshold M1 found
     * @param m1PlantedBytes    M1 planted
     * @param m2FoundBytes      the gather's large-message threshold M2 found
     * @param m2PlantedBytes    M2 planted
     * @param kappa1            the gather's slope correction below M1, ns per byte
     * @param kappa2            the gather's slope correction above M2, ns per byte
     */
    public record Thresholds(@Column(value = "s_found_bytes", unit = "bytes") double scatterFoundBytes,
                             @Column(value = "m1_found_bytes", unit = "bytes") double m1FoundBytes,
                             @Column(value = "m1_planted_bytes", unit = "bytes") long m1PlantedBytes,
                             @Column(value = "m2_found_bytes", unit = "bytes") double m2FoundBytes,
                             @Column(value = "m2_planted_bytes", unit = "bytes") long m2PlantedBytes,
                             @Column(value = "kappa1_ns_per_byte", unit = "ns/byte") double kappa1,
                             @Column(value = "kappa2_ns_per_byte", unit = "ns/byte") double kappa2) {
    }

    /**
     * The gather predictions' largest errors against the measured times, %, and the in-order model's corrections.
     *
     * @param lmo                    LMO's closed form (up to M1 and above M2)
     * @param lmoInOrder             LMO composed along the algorithm's order (at every size: between M1 and M2
     *                               with the escalation level)
     * @param inOrderKappa1          the in-order model's slope correction up to M1, ns per byte
     * @param inOrderKappa2          the in-order model's slope correction above M2, ns per byte
     * @param inOrderEscalationNanos the in-order model's escalation level between M1 and M2, ns
     * @param hockney                Hockney's homogeneous prediction (up to M1 and above M2)
     * @param loggp                  the LogGP simulator's prediction (up to M1 and above M2)
     */
    public record GatherErrors(@Column(value = "lmo_gather_max_error_pct", unit = "%") double lmo,
                               @Column(value = "lmo_in_order_gather_max_error_pct", unit = "%") double lmoInOrder,
                               @Column(value = "in_order_kappa1_ns_per_byte", unit = "ns/byte") double inOrderKappa1,
                               @Column(value = "in_order_kappa2_ns_per_byte", unit = "ns/byte") double inOrderKappa2,
                               @Column(value = "in_order_escalation_ns", unit = "ns") double inOrderEscalationNanos,
                               @Column(value = "hockney_gather_max_error_pct", unit = "%") double hockney,
                               @Column(value = "loggp_gather_max_error_pct", unit = "%") double loggp) {
    }

    /**
     * The scatter predictions' largest errors against the measured times, %.
     *
     * @param lmo        LMO's closed form
     * @param lmoInOrder LMO composed along the algorithm's order
     * @param hockney    Hockney's homogeneous prediction
     * @param loggp      the LogGP simulator's prediction
     */
    public record ScatterErrors(@Column(value = "lmo_scatter_max_error_pct", unit = "%") double lmo,
                                @Column(value = "lmo_in_order_scatter_max_error_pct", unit = "%") double lmoInOrder,
                                @Column(value = "hockney_scatter_max_error_pct", unit = "%") double hockney,
                                @Column(value = "loggp_scatter_max_error_pct", unit = "%") double loggp) {
    }
}
