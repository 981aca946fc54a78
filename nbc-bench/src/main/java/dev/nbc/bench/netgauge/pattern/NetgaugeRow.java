package dev.nbc.bench.netgauge.pattern;

/** A row of a netgauge run: a time of a pattern at one size ({@link TimeRow}) or a model parameter assessed ({@link ParameterRow}). */
public sealed interface NetgaugeRow permits TimeRow, ParameterRow {
}
