package dev.nbc.bench.model;

import dev.nbc.bench.report.Column;

/**
 * A row "assessment" of {@code model validate}: one LogGP parameter planted on an emulated network
 * and assessed from measurements.
 *
 * @param set          the planted set's name
 * @param network      the planted network
 * @param parameter    L, L_netgauge, o_s, o_r, g or G
 * @param planted      the planted value (ns, ns per byte for G)
 * @param assessed     the assessed value, in the same unit
 * @param errorPct     the assessed value's error against the planted one
 * @param low          the assessed value's interval, lower end
 * @param high         the assessed value's interval, upper end
 * @param interval     what the interval is
 * @param rSquared     the fit's R^2, where a fit gave the value
 * @param relativeRms  the fit's relative RMS residual, where a fit gave the value
 * @param within10Pct  whether the error is at most 10 %
 * @param method       how the value was assessed
 */
public record AssessmentRow(@Column("set") String set, @Column("network") String network, @Column("parameter") String parameter,
                            @Column("planted") double planted, @Column("assessed") double assessed,
                            @Column(value = "error_pct", unit = "%") double errorPct, @Column("low") double low,
                            @Column("high") double high, @Column("interval") String interval, @Column("r_squared") double rSquared,
                            @Column("relative_rms") double relativeRms, @Column("within_10pct") boolean within10Pct,
                            @Column("method") String method) {
}
