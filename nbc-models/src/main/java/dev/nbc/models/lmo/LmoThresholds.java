package dev.nbc.models.lmo;

import dev.nbc.models.assessment.fit.ProtocolRegions;
import dev.nbc.models.assessment.fit.Region;

import dev.nbc.models.assessment.fit.LineFit;
import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * The thresholds of paper 001 from sweeps over message sizes, by the same structural-change
 * segmentation the LogGP assessment uses for its protocol regions ({@link ProtocolRegions}).
 */
public final class LmoThresholds {
    private LmoThresholds() {
    }

    /**
     * S: the largest size of the scatter's first linear region (the leap to the serialised
     * scatter comes after it); NaN if the sweep is one straight line (no leap in its range).
     *
     * @param sizes ascending message sizes, bytes
     * @param times the scatter's time at each, ns
     */
    public static double scatterThreshold(double[] sizes, double[] times) {
        List<Region> regions = ProtocolRegions.segment(sizes, times, 3, 2);
        return regions.size() < 2 ? Double.NaN : regions.get(0).toBytes();
    }

    /**
     * M1: the largest size before the gather's escalation, the first leap of more than ten times
     * from one size to the next, T^{k+1} / T^k > 10; NaN if there is none. (The paper compares
     * with the first time, T^{k+1} / T^1 > 10, which a sweep over more than a decade of sizes
     * crosses by its linear growth alone, before any escalation.)
     */
    public static double gatherSmall(double[] sizes, double[] times) {
        for (int k = 0; k + 1 < times.length; k++) {
            if (times[k + 1] / times[k] > 10) {
                return sizes[k];
            }
        }
        return Double.NaN;
    }

    /**
     * M2: from the sizes above M1, the largest of the first linear region (the escalated medium
     * sizes) before the large sizes' own line; NaN if they are one line or too few.
     */
    public static double gatherLarge(double[] sizes, double[] times, double gatherSmall) {
        int from = 0;
        while (from < sizes.length && !(sizes[from] > gatherSmall)) {
            from++;
        }
        if (sizes.length - from < 6) {
            return Double.NaN;
        }
        double[] x = java.util.Arrays.copyOfRange(sizes, from, sizes.length);
        double[] y = java.util.Arrays.copyOfRange(times, from, times.length);
        List<Region> regions = ProtocolRegions.segment(x, y, 3, 2);
        return regions.size() < 2 ? Double.NaN : regions.get(0).toBytes();
    }

    /**
     * The medium gathers' escalation level: over the sizes above {@code gatherSmall} (M1) up to
     * {@code gatherLarge} (M2), the median of the measured time less {@code model}'s (the gather
     * composed without escalation, {@link LmoCollectives#gatherComposed}). The paper saw "a small
     * number of discrete levels of escalation, that remain constant as the message size increases";
     * the median is the level most of the medium sizes sit on. NaN if no size lies between.
     */
    public static double escalationLevel(double[] sizes, double[] times, double gatherSmall, double gatherLarge,
                                         DoubleUnaryOperator model) {
        double[] residuals = new double[sizes.length];
        int count = 0;
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] > gatherSmall && sizes[i] <= gatherLarge) {
                residuals[count++] = times[i] - model.applyAsDouble(sizes[i]);
            }
        }
        return count == 0 ? Double.NaN : Rounds.median(java.util.Arrays.copyOf(residuals, count));
    }

    /**
     * kappa for a prediction that is not a line ({@link LmoCollectives#gatherComposed}): the slope
     * of the measured times less {@code model}'s, fitted over {@code sizes} within [{@code from},
     * {@code to}].
     */
    public static double residualSlope(double[] sizes, double[] times, double from, double to, DoubleUnaryOperator model) {
        // weighted as the relative fit of slopeCorrection (1 / time^2), on residuals that may be negative
        int count = 0;
        for (double s : sizes) {
            if (s >= from && s <= to) {
                count++;
            }
        }
        if (count < 2) {
            throw new IllegalArgumentException("sizes: need at least 2 sizes in [" + from + ", " + to + "] for a slope, but had " + count);
        }
        double[] x = new double[count];
        double[] y = new double[count];
        double[] w = new double[count];
        int k = 0;
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] >= from && sizes[i] <= to) {
                x[k] = sizes[i];
                y[k] = times[i] - model.applyAsDouble(sizes[i]);
                w[k++] = 1 / (times[i] * times[i]);
            }
        }
        return LineFit.weighted(x, y, w).slope();
    }

    /**
     * kappa: the slope correction of a gather's line, fitted over {@code sizes} within
     * [{@code from}, {@code to}], less {@code modelSlope} (max or sum over the senders of t_i + 1/beta_0i).
     */
    public static double slopeCorrection(double[] sizes, double[] times, double from, double to, double modelSlope) {
        return residualSlope(sizes, times, from, to, size -> modelSlope * size);
    }
}
