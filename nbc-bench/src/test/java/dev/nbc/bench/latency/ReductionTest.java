package dev.nbc.bench.latency;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ReductionTest {
    // rank 0: 10..30 (20), rank 1: 12..40 (28), rank 2: 5..15 (10)
    private final double[] start = {10, 12, 5};
    private final double[] end = {30, 40, 15};

    @Test
    void theFiveReductions() {
        assertEquals(20, Reduction.DESIGNATED.reduce(start, end));
        assertEquals(28, Reduction.MAXIMUM.reduce(start, end));
        assertEquals(35, Reduction.FIRST_START_LAST_FINISH.reduce(start, end));
        assertEquals(58 / 3.0, Reduction.MEAN.reduce(start, end), 1e-12);
        assertEquals(10, Reduction.MINIMUM.reduce(start, end));
    }

    @Test
    void quantilesInterpolate() {
        double[] v = {4, 1, 3, 2};
        assertEquals(2.5, Stats.median(v));
        assertEquals(1, Stats.quantile(v, 0));
        assertEquals(4, Stats.quantile(v, 1));
        assertEquals(1.3, Stats.quantile(v, 0.1), 1e-12);
        assertEquals(Double.NaN, Stats.median(new double[0]));
    }
}
