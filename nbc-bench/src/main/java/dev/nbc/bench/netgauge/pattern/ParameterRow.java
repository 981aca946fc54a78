package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.report.Column;

/**
 * A row of the loggp and plogp patterns: one parameter of the model assessed.
 *
 * @param pattern   the pattern
 * @param module    the communication module
 * @param ranks     the ranks of the run
 * @param bytes     the smallest message size the parameter holds for (its protocol region, or pLogP's size)
 * @param parameter L, L_netgauge, o_s, o_r, g or G
 * @param value     its value, in {@code unit}
 * @param unit      us, or ns/B for G
 */
public record ParameterRow(@Column(Rows.PATTERN) String pattern, @Column(Rows.MODULE) String module, @Column(Rows.RANKS) int ranks,
                           @Column(value = Rows.BYTES, unit = "bytes") long bytes, @Column(Rows.PARAMETER) String parameter,
                           @Column(Rows.VALUE) double value, @Column(Rows.UNIT) String unit) implements NetgaugeRow {
}
