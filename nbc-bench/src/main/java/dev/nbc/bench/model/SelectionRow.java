package dev.nbc.bench.model;

import dev.nbc.bench.report.Column;

/**
 * A row "selection" of {@code model select}: at one point, the fastest algorithm measured and the
 * picks of the model and of the size thresholds as multiples of its time.
 *
 * @param setting         the planted set's name
 * @param collective      the collective
 * @param processes       P
 * @param bytes           the message size
 * @param fastest         the fastest algorithm measured
 * @param fastestMicros   its time, us
 * @param model           the model's pick
 * @param modelRatio      the model's pick's time over the fastest's
 * @param thresholds      the size thresholds' pick
 * @param thresholdsRatio the thresholds' pick's time over the fastest's
 * @param counted         whether the point has a choice to make (more than one algorithm)
 * @param modelHit        whether the model's pick is within the tolerance of the fastest
 * @param thresholdsHit   whether the thresholds' pick is within the tolerance of the fastest
 * @param measuredMicros  every algorithm's time, "name=us" separated by spaces
 */
public record SelectionRow(@Column("setting") String setting, @Column("collective") String collective, @Column("P") int processes,
                           @Column(value = "bytes", unit = "bytes") long bytes, @Column("fastest") String fastest,
                           @Column(value = "fastest_us", unit = "us") double fastestMicros, @Column("model") String model,
                           @Column("model_ratio") double modelRatio, @Column("thresholds") String thresholds,
                           @Column("thresholds_ratio") double thresholdsRatio, @Column("counted") boolean counted,
                           @Column("model_hit") boolean modelHit, @Column("thresholds_hit") boolean thresholdsHit,
                           @Column(value = "measured_us", unit = "us") String measuredMicros) {
}
