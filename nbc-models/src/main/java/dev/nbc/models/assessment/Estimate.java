package dev.nbc.models.assessment;

import dev.nbc.models.assessment.fit.LineFit;

/**
 * One assessed parameter with its uncertainty and the quality of what it came from.
 *
 * @param value       the estimate (ns, or ns per byte for per-byte parameters)
 * @param low         lower end of {@code interval}
 * @param high        upper end of {@code interval}
 * @param interval    what low..high is: {@code "95% CI"} of a fitted coefficient, or {@code "IQR"}, the
 *                    interquartile range of repeated timings
 * @param rSquared    the fit's weighted R^2 (NaN for estimates that are not fitted)
 * @param relativeRms root mean square relative residual of the fit, or the timing's relative IQR
 * @param points      sizes fitted, or repetitions timed
 * @param method      how it was obtained, in words a reader can check against the paper
 */
public record Estimate(double value, double low, double high, String interval, double rSquared,
                       double relativeRms, int points, String method) {

    /** The intercept of {@code fit} with its 95 % confidence interval. */
    public static Estimate intercept(LineFit fit, String method) {
        double h = fit.interceptHalfWidth();
        return new Estimate(fit.intercept(), fit.intercept() - h, fit.intercept() + h, "95% CI", fit.rSquared(),
                fit.relativeRms(), fit.points(), method);
    }

    /** The slope of {@code fit} with its 95 % confidence interval. */
    public static Estimate slope(LineFit fit, String method) {
        double h = fit.slopeHalfWidth();
        return new Estimate(fit.slope(), fit.slope() - h, fit.slope() + h, "95% CI", fit.rSquared(),
                fit.relativeRms(), fit.points(), method);
    }

    /** A timing's median with its interquartile range. */
    public static Estimate timing(Spread spread, String method) {
        return new Estimate(spread.median(), spread.q25(), spread.q75(), "IQR", Double.NaN, spread.relativeIqr(),
                spread.samples(), method);
    }

    /** {@code value - other.value}, with the interval widened by both (conservative: ends subtracted crosswise). */
    public Estimate minus(Estimate other, String how) {
        String combined = interval.endsWith(" (combined)") ? interval : interval + " (combined)";
        return new Estimate(value - other.value, low - other.high, high - other.low, combined,
                Double.NaN, Double.NaN, Math.min(points, other.points), how);
    }

    /** Relative deviation of this estimate from {@code truth}: (value - truth) / truth. */
    public double relativeError(double truth) {
        return (value - truth) / truth;
    }
}
