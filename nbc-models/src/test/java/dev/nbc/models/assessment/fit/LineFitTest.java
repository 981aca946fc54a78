package dev.nbc.models.assessment.fit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LineFitTest {

    @Test
    void exactLineIsRecoveredWithZeroResidual() {
        double[] x = {0, 1, 3, 7, 15};
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = 5 + 2 * x[i];
        }
        LineFit f = LineFit.relative(x, y);
        assertEquals(5, f.intercept(), 1e-12);
        assertEquals(2, f.slope(), 1e-12);
        assertEquals(0, f.relativeRms(), 1e-12);
        assertEquals(1, f.rSquared(), 1e-12);
        assertEquals(0, f.slopeHalfWidth(), 1e-12);
    }

    @Test
    void confidenceIntervalMatchesTheTextbookFormulaForEqualWeights() {
        // y = 1 + x with residuals +-0.1 alternating; unweighted OLS by hand:
        // n = 4, x = 0..3, mean x = 1.5, Sxx = 5; residuals of the fitted line give s^2 = SSE / 2.
        double[] x = {0, 1, 2, 3};
        double[] y = {1.1, 1.9, 3.1, 3.9};
        LineFit f = LineFit.weighted(x, y, new double[] {1, 1, 1, 1});
        assertEquals(0.96, f.slope(), 1e-12);       // Sxy / Sxx = 4.8 / 5
        assertEquals(1.06, f.intercept(), 1e-12);   // 2.5 - 0.96 * 1.5
        double sse = 0;
        for (int i = 0; i < 4; i++) {
            double r = y[i] - 1.06 - 0.96 * x[i];
            sse += r * r;
        }
        double t = 4.302652729911275;               // Student t, 2 degrees of freedom, 97.5 %
        assertEquals(t * Math.sqrt(sse / 2 / 5), f.slopeHalfWidth(), 1e-9);
        assertEquals(t * Math.sqrt(sse / 2 * (0.25 + 1.5 * 1.5 / 5)), f.interceptHalfWidth(), 1e-9);
    }

    @Test
    void relativeWeightsLetSmallValuesDecideTheIntercept() {
        // A 1 % error on the largest point must not move the intercept much in a relative fit.
        double[] x = {0, 10, 100, 1000, 1_000_000};
        double[] y = {10, 20, 110, 1010, 1_000_010 * 1.01};
        assertEquals(10, LineFit.relative(x, y).intercept(), 0.5);
    }

    @Test
    void badInputIsRefusedWithTheArgumentNamed() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LineFit.relative(new double[] {1, 2}, new double[] {1, 0}))
                .getMessage().startsWith("y[1]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LineFit.relative(new double[] {1}, new double[] {1}))
                .getMessage().startsWith("x:"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LineFit.relative(new double[] {2, 2}, new double[] {1, 3}))
                .getMessage().contains("distinct"));
    }
}
