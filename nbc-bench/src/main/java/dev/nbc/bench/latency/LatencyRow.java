package dev.nbc.bench.latency;

import dev.nbc.bench.report.Column;
import dev.nbc.bench.spread.Spread;

/**
 * A row of the latency benchmark: a point's scheme and reduction measured over independent runs.
 *
 * @param point      the medians over the runs
 * @param spread     the figures' intervals over the runs
 * @param clockError the window scheme's clock error, null for the naive schemes (rank-local times)
 */
public record LatencyRow(LatencyPoint point, Spread spread, ClockError clockError) {

    /**
     * How far a rank's synchronised clock may be from another's in the run.
     *
     * @param micros the bound, us
     */
    public record ClockError(@Column(value = "clock_error_us", unit = "us") double micros) {
    }
}
