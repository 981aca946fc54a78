package dev.nbc.models.assessment.fit;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * A weighted least-squares straight line {@code y = intercept + slope * x} with the 95 % confidence
 * intervals of both coefficients and two measures of fit quality.
 *
 * <p>Why weighted: message sizes span six orders of magnitude, and an unweighted fit of times over
 * them is decided by the largest sizes alone, leaving the intercept (LogGP's g, Hockney's alpha)
 * to chance. With weights {@code 1 / y^2} the fit minimises relative residuals, so every size counts
 * alike. The coefficient covariance is {@code s^2 (X'WX)^-1} with {@code s^2} the weighted residual
 * variance on n - 2 degrees of freedom, and the intervals use Student's t (Commons Math).
 *
 * @param intercept          fitted value at x = 0
 * @param slope              fitted increase of y per unit of x
 * @param interceptHalfWidth half width of the intercept's 95 % confidence interval (NaN when n = 2)
 * @param slopeHalfWidth     half width of the slope's 95 % confidence interval (NaN when n = 2)
 * @param rSquared           weighted coefficient of determination (1 when y is constant and fitted exactly)
 * @param relativeRms        root mean square of the relative residuals (y - fit) / y
 * @param points             number of points fitted
 * @param weightedSse        weighted sum of squared residuals (what the fit minimised)
 */
public record LineFit(double intercept, double slope, double interceptHalfWidth, double slopeHalfWidth,
                      double rSquared, double relativeRms, int points, double weightedSse) {

    /** Fits {@code y = a + b x} minimising {@code sum ((y - a - b x) / y)^2}; y must be > 0. */
    public static LineFit relative(double[] x, double[] y) {
        double[] w = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            if (!(y[i] > 0) || !Double.isFinite(y[i])) {
                throw new IllegalArgumentException("y[" + i + "]: a relative fit needs positive finite values, but was " + y[i]);
            }
            w[i] = 1 / (y[i] * y[i]);
        }
        return weighted(x, y, w);
    }

    /** Fits {@code y = a + b x} minimising {@code sum w (y - a - b x)^2}. */
    public static LineFit weighted(double[] x, double[] y, double[] w) {
        if (x.length != y.length || x.length != w.length) {
            throw new IllegalArgumentException("x, y, w: must have the same length, but had " + x.length + ", "
                    + y.length + ", " + w.length);
        }
        int n = x.length;
        if (n < 2) {
            throw new IllegalArgumentException("x: a line needs at least 2 points, but got " + n);
        }
        double sw = 0, swx = 0, swy = 0;
        for (int i = 0; i < n; i++) {
            if (!(w[i] > 0) || !Double.isFinite(w[i])) {
                throw new IllegalArgumentException("w[" + i + "]: weights must be positive and finite, but was " + w[i]);
            }
            sw += w[i];
            swx += w[i] * x[i];
            swy += w[i] * y[i];
        }
        double mx = swx / sw, my = swy / sw;
        double sxx = 0, sxy = 0, syy = 0;
        for (int i = 0; i < n; i++) {
            double dx = x[i] - mx, dy = y[i] - my;
            sxx += w[i] * dx * dx;
            sxy += w[i] * dx * dy;
            syy += w[i] * dy * dy;
        }
        if (!(sxx > 0)) {
            throw new IllegalArgumentException("x: a line needs at least two distinct x values");
        }
        double slope = sxy / sxx;
        double intercept = my - slope * mx;
        double sse = 0, rel = 0;
        for (int i = 0; i < n; i++) {
            double r = y[i] - intercept - slope * x[i];
            sse += w[i] * r * r;
            rel += y[i] != 0 ? (r / y[i]) * (r / y[i]) : 0;
        }
        double r2 = syy > 0 ? 1 - sse / syy : 1;
        double slopeHalf = Double.NaN, interceptHalf = Double.NaN;
        if (n > 2) {
            // Weights are relative (1/y^2), not known variances: estimate the scale from the residuals.
            double s2 = sse / (n - 2);
            double t = new TDistribution(n - 2).inverseCumulativeProbability(0.975);
            slopeHalf = t * Math.sqrt(s2 / sxx);
            interceptHalf = t * Math.sqrt(s2 * (1 / sw + mx * mx / sxx));
        }
        return new LineFit(intercept, slope, interceptHalf, slopeHalf, r2, Math.sqrt(rel / n), n, sse);
    }

    /** The fitted value at {@code x}. */
    public double at(double x) {
        return intercept + slope * x;
    }
}
