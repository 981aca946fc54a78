package dev.nbc.models.assessment.hockney;

import dev.nbc.models.assessment.Estimate;

import java.util.List;

/**
 * Hockney's model of a message's one-way time, {@code T(m) = alpha + beta m}: over all sizes, and
 * per protocol region of the one-way curve.
 *
 * @param alpha   start-up time (ns), with its 95 % confidence interval
 * @param beta    time per byte (ns/B), the inverse bandwidth, with its 95 % confidence interval
 * @param regions the same fit per protocol region (one region when the curve is one line)
 */
public record HockneyEstimate(Estimate alpha, Estimate beta, List<Region> regions) {

    public HockneyEstimate {
        regions = List.copyOf(regions);
    }

    /** alpha and beta over sizes {@code fromBytes..toBytes}. */
    public record Region(long fromBytes, long toBytes, Estimate alpha, Estimate beta) {
    }
}
