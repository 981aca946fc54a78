package dev.nbc.bench.overlap;

import dev.nbc.bench.report.Column;
import dev.nbc.bench.spread.Spread;

/**
 * A row of the overlap benchmark: a point measured over independent runs, and the LogGP model's
 * prediction beside it.
 *
 * @param point              the medians over the runs
 * @param spread             the figures' intervals over the runs
 * @param loggp              the LogGP prediction
 * @param busyChunkErrorMax  the largest relative error of the chunked computation's length over ranks
 */
public record OverlapRow(OverlapPoint point, Spread spread, LogGPPrediction loggp,
                         @Column("busy_chunk_error_max") double busyChunkErrorMax) {
}
