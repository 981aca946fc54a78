package dev.nbc.bench.tail;

import dev.nbc.bench.report.Column;
import dev.nbc.bench.spread.Spread;

/**
 * A row of the back-to-back benchmark: a point measured over independent runs, with its mean and
 * p99 as multiples of Open MPI's in the same run (null where the run has no Open MPI point alike).
 *
 * @param point      the medians over the runs
 * @param spread     the figures' intervals over the runs
 * @param meanVsOmpi the mean over Open MPI's mean
 * @param p99VsOmpi  the p99 over Open MPI's p99
 */
public record TailRow(TailPoint point, Spread spread, @Column(TailRow.MEAN_VS_OMPI) Double meanVsOmpi,
                      @Column(TailRow.P99_VS_OMPI) Double p99VsOmpi) {
    static final String MEAN_VS_OMPI = "mean_vs_ompi";
    static final String P99_VS_OMPI = "p99_vs_ompi";
}
