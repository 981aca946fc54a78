package dev.nbc.bench.tail;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class TailBenchmarkTest {
    /**
     * A root that runs ahead and a leaf that receives in pairs: out of step, each waits 1 ms every
     * other iteration. Each rank's mean is 0.5 ms; the mean of each iteration's maximum would read 1 ms.
     */
    @Test
    void ranksOutOfStepAreEachJudgedByTheirOwnIterations() {
        double[] root = {0, 1e6, 0, 1e6};
        double[] leaf = {1e6, 0, 1e6, 0};
        double[] figures = TailBenchmark.slowestRank(new double[][] {root, leaf});
        assertArrayEquals(new double[] {500, 1000, 1000, 1000, 500, 1000}, figures, 1e-9);
    }

    /** Quantiles interpolate between order statistics: the stalled rank's p90 is 100 + 0.7 x 1400 us. */
    @Test
    void eachFigureIsTheSlowestRanks() {
        double[] steady = {400e3, 400e3, 400e3, 400e3};
        double[] stalled = {100e3, 100e3, 100e3, 1500e3};
        double[] figures = TailBenchmark.slowestRank(new double[][] {steady, stalled});
        assertArrayEquals(new double[] {400, 1080, 1458, 1495.8, 450, 1500}, figures, 1e-9);
    }
}
