package dev.nbc.models.lmo;

/**
 * LMO's collective model from a scatter and a gather sweep of one root (paper 001, section 3): the
 * thresholds S, M1 and M2 ({@link LmoThresholds}), and the fitting constants the paper adds to
 * the point-to-point parameters: kappa1 below M1 and kappa2 above M2, each the slope of the
 * measured times less the prediction's own, and, for the composed prediction, the medium gathers'
 * escalation level.
 *
 * <p>Immutable: the arrays are copied.
 */
public final class LmoSweepFit {
    private final double[] scatterSizes;
    private final double[] scatterTimes;
    private final double[] gatherSizes;
    private final double[] gatherTimes;

    /**
     * @param scatterSizes ascending sizes of the scatter sweep, bytes
     * @param scatterTimes the scatter's time at each, ns
     * @param gatherSizes  ascending sizes of the gather sweep, bytes
     * @param gatherTimes  the gather's time at each, ns
     */
    public LmoSweepFit(double[] scatterSizes, double[] scatterTimes, double[] gatherSizes, double[] gatherTimes) {
        if (scatterSizes.length != scatterTimes.length || gatherSizes.length != gatherTimes.length) {
            throw new IllegalArgumentException("sizes, times: need one time per size, but have " + scatterSizes.length + " and "
                    + scatterTimes.length + " (scatter), " + gatherSizes.length + " and " + gatherTimes.length + " (gather)");
        }
        this.scatterSizes = scatterSizes.clone();
        this.scatterTimes = scatterTimes.clone();
        this.gatherSizes = gatherSizes.clone();
        this.gatherTimes = gatherTimes.clone();
    }

    /** The sweeps as timed ({@link LmoScatterSweep}, {@link LmoGatherSweep}), sizes in bytes. */
    public static LmoSweepFit of(int[] scatterSizes, double[] scatterTimes, int[] gatherSizes, double[] gatherTimes) {
        return new LmoSweepFit(asDoubles(scatterSizes), scatterTimes, asDoubles(gatherSizes), gatherTimes);
    }

    /** The scatter sweep's sizes, bytes (a copy). */
    public double[] scatterSizes() {
        return scatterSizes.clone();
    }

    /** The scatter's time at each size, ns (a copy). */
    public double[] scatterTimes() {
        return scatterTimes.clone();
    }

    /** The gather sweep's sizes, bytes (a copy). */
    public double[] gatherSizes() {
        return gatherSizes.clone();
    }

    /** The gather's time at each size, ns (a copy). */
    public double[] gatherTimes() {
        return gatherTimes.clone();
    }

    /** S, the scatter's leap; NaN if the sweep has none. */
    public double scatterThreshold() {
        return LmoThresholds.scatterThreshold(scatterSizes, scatterTimes);
    }

    /** M1, the last size before the gather's escalation; NaN if the sweep has none. */
    public double gatherSmall() {
        return LmoThresholds.gatherSmall(gatherSizes, gatherTimes);
    }

    /** M2, the last escalated size; NaN if not found. */
    public double gatherLarge() {
        return LmoThresholds.gatherLarge(gatherSizes, gatherTimes, gatherSmall());
    }

    /**
     * The paper's closed forms ({@link LmoCollectives#scatter}, {@link LmoCollectives#gather}) for
     * {@code root}: kappa less the formula's own slope, (n - 1) t_r + max (below M1) or sum (above
     * M2) of t_i + 1 / beta_ri, so that nothing is counted twice; no escalation level.
     */
    public LmoCollectives closedForm(LmoParameters parameters, int root) {
        double s = scatterThreshold();
        double m1 = gatherSmall();
        double m2 = gatherLarge();
        LmoCollectives base = new LmoCollectives(parameters, s, m1, m2, 0, 0, Double.NaN);
        double kappa1 = LmoThresholds.slopeCorrection(gatherSizes, gatherTimes, 0, m1, base.parallelSlope(root));
        double kappa2 = LmoThresholds.slopeCorrection(gatherSizes, gatherTimes, Math.nextUp(m2), Double.MAX_VALUE,
                base.serialSlope(root));
        return new LmoCollectives(parameters, s, m1, m2, kappa1, kappa2, Double.NaN);
    }

    /**
     * The compositions in the algorithms' order ({@link LmoCollectives#scatterInOrder},
     * {@link LmoCollectives#gatherInOrder}) for {@code root}: kappa1 and kappa2 the slopes of the
     * residuals of {@link LmoCollectives#gatherComposed}, the escalation level the median residual
     * between M1 and M2 ({@link LmoThresholds#escalationLevel}).
     */
    public LmoCollectives composed(LmoParameters parameters, int root) {
        double s = scatterThreshold();
        double m1 = gatherSmall();
        double m2 = gatherLarge();
        LmoCollectives base = new LmoCollectives(parameters, s, m1, m2, 0, 0, Double.NaN);
        double kappa1 = LmoThresholds.residualSlope(gatherSizes, gatherTimes, 0, m1, size -> base.gatherComposed(root, size));
        double kappa2 = LmoThresholds.residualSlope(gatherSizes, gatherTimes, Math.nextUp(m2), Double.MAX_VALUE,
                size -> base.gatherComposed(root, size));
        double escalation = LmoThresholds.escalationLevel(gatherSizes, gatherTimes, m1, m2, size -> base.gatherComposed(root, size));
        return new LmoCollectives(parameters, s, m1, m2, kappa1, kappa2, escalation);
    }

    private static double[] asDoubles(int[] values) {
        double[] d = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            d[i] = values[i];
        }
        return d;
    }
}
