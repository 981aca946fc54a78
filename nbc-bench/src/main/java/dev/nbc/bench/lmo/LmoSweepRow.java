package dev.nbc.bench.lmo;

import dev.nbc.bench.report.Column;

/**
 * A row "lmo-scatter" or "lmo-gather" of {@code lmo validate}: the linear scatter's or gather's
 * time at one size on a planted network, measured and predicted by each model.
 *
 * @param network            the planted network's kind
 * @param processors         n
 * @param root               the root
 * @param bytes              the size
 * @param measuredMicros     the measured time, us
 * @param lmoMicros          LMO's closed form, us (null where it predicts nothing)
 * @param lmoInOrderMicros   LMO composed along the algorithm's order, us (null where it predicts nothing: between M1
 *                           and M2 without an escalation level)
 * @param hockneyMicros      Hockney's homogeneous prediction, us
 * @param loggpMicros        the LogGP simulator's prediction, us
 */
public record LmoSweepRow(@Column("network") String network, @Column("n") int processors, @Column("root") int root,
                          @Column(value = "bytes", unit = "bytes") int bytes, @Column(value = "measured_us", unit = "us") double measuredMicros,
                          @Column(value = "lmo_us", unit = "us") Double lmoMicros,
                          @Column(value = "lmo_in_order_us", unit = "us") Double lmoInOrderMicros,
                          @Column(value = "hockney_us", unit = "us") double hockneyMicros,
                          @Column(value = "loggp_us", unit = "us") double loggpMicros) {
}
