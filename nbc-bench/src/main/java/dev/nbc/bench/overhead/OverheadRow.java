package dev.nbc.bench.overhead;

import dev.nbc.bench.spread.Spread;

/**
 * A row of the overhead benchmark: a point measured over independent runs.
 *
 * @param point  the medians over the runs
 * @param spread the figures' intervals over the runs
 */
public record OverheadRow(OverheadPoint point, Spread spread) {
}
