package dev.nbc.models.assessment.fit;

import org.apache.commons.math3.distribution.FDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Finds where a time-over-size curve changes its straight line — an MPI library switching from
 * its eager to its rendezvous protocol, say, which Netgauge's figure 7 shows as two regions with
 * their own g and G — by binary segmentation with a Chow test.
 *
 * <p>A segment is split at the point that minimises the summed (relative, see {@link LineFit})
 * squared residuals of two separate lines. The split is kept only if it is both significant and
 * large: the Chow F statistic {@code ((SSE_1 - SSE_2) / 2) / (SSE_2 / (n - 4))} has p below
 * {@link #SIGNIFICANCE}, and the two lines at least halve the residual of one. The second condition
 * matters because with medians of many repetitions a tiny but systematic curvature (caches, say)
 * is "significant" without being a protocol change; and a segment that one line fits within
 * {@link #ONE_LINE_RELATIVE_RMS} is never split. Both halves are then split again, up to
 * {@code maxRegions}.
 */
public final class ProtocolRegions {
    /** p-value below which a split is significant. */
    public static final double SIGNIFICANCE = 1e-3;
    /** A split must leave at most this share of the one-line residual. */
    public static final double MAX_RESIDUAL_SHARE = 0.5;
    /**
     * A segment whose one line misses its points by less than this (relative RMS) is one line:
     * timing noise alone is larger, and without the floor an exact line would be split over
     * rounding errors.
     */
    public static final double ONE_LINE_RELATIVE_RMS = 0.002;

    private ProtocolRegions() {
    }

    /**
     * Segments the curve {@code y(x)} ({@code x} ascending message sizes, {@code y > 0}) into
     * regions of at least {@code minPoints} points, at most {@code maxRegions} of them.
     *
     * @throws IllegalArgumentException if the arrays differ in length, x is not strictly
     *         ascending, minPoints < 3 or there are fewer than minPoints points
     */
    public static List<Region> segment(double[] x, double[] y, int minPoints, int maxRegions) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x, y: must have the same length, but had " + x.length + " and " + y.length);
        }
        if (minPoints < 3) {
            throw new IllegalArgumentException("minPoints: a region needs at least 3 points for a line with a residual, but was " + minPoints);
        }
        if (maxRegions < 1) {
            throw new IllegalArgumentException("maxRegions: must be >= 1, but was " + maxRegions);
        }
        if (x.length < minPoints) {
            throw new IllegalArgumentException("x: needs at least minPoints = " + minPoints + " sizes, but had " + x.length);
        }
        for (int i = 1; i < x.length; i++) {
            if (!(x[i] > x[i - 1])) {
                throw new IllegalArgumentException("x: sizes must be strictly ascending, but x[" + i + "] = " + x[i]
                        + " follows " + x[i - 1]);
            }
        }
        List<Region> done = new ArrayList<>();
        List<Region> open = new ArrayList<>();
        open.add(region(x, y, 0, x.length - 1));
        while (!open.isEmpty()) {
            Region r = open.remove(open.size() - 1);
            Region[] split = done.size() + open.size() + 2 <= maxRegions ? bestSplit(x, y, r, minPoints) : null;
            if (split == null) {
                done.add(r);
            } else {
                open.add(split[0]);
                open.add(split[1]);
            }
        }
        done.sort(Comparator.comparingInt(Region::from));
        return List.copyOf(done);
    }

    /** The two regions a split of {@code r} yields, or null if no split passes both tests. */
    private static Region[] bestSplit(double[] x, double[] y, Region r, int minPoints) {
        int n = r.to() - r.from() + 1;
        if (n < 2 * minPoints) {
            return null;
        }
        Region[] best = null;
        double bestSse = Double.POSITIVE_INFINITY;
        for (int cut = r.from() + minPoints - 1; cut + minPoints <= r.to(); cut++) {
            Region left = region(x, y, r.from(), cut);
            Region right = region(x, y, cut + 1, r.to());
            double sse = left.fit().weightedSse() + right.fit().weightedSse();
            if (sse < bestSse) {
                bestSse = sse;
                best = new Region[] {left, right};
            }
        }
        double one = r.fit().weightedSse();
        if (best == null || !(one > 0) || r.fit().relativeRms() < ONE_LINE_RELATIVE_RMS) {
            return null;
        }
        if (bestSse > MAX_RESIDUAL_SHARE * one) {
            return null;
        }
        double f = bestSse > 0 ? ((one - bestSse) / 2) / (bestSse / (n - 4)) : Double.POSITIVE_INFINITY;
        double p = Double.isInfinite(f) ? 0 : 1 - new FDistribution(2, n - 4).cumulativeProbability(f);
        return p < SIGNIFICANCE ? best : null;
    }

    private static Region region(double[] x, double[] y, int from, int to) {
        double[] xs = Arrays.copyOfRange(x, from, to + 1);
        double[] ys = Arrays.copyOfRange(y, from, to + 1);
        return new Region(from, to, x[from], x[to], LineFit.relative(xs, ys));
    }
}
