package dev.nbc.bench.spread;

import org.apache.commons.math3.distribution.BinomialDistribution;

import java.util.Arrays;

/**
 * The median of independent repetitions and its distribution-free confidence interval from order
 * statistics: the interval [x(j), x(n+1-j)] of the sorted values holds the true median with
 * probability 1 - 2 P(B < j), B ~ Binomial(n, 1/2) (commons-math3), whatever the distribution of
 * the values. j is the largest with that probability at least {@link #CONFIDENCE}; below six
 * repetitions no j reaches 95 %, and the interval is [min, max] with its lower {@code confidence}.
 *
 * @param confidence the interval's coverage, 0.95 or more from six repetitions
 */
public record MedianInterval(double median, double low, double high, int repetitions, double confidence) {
    /** The confidence the interval aims for. */
    public static final double CONFIDENCE = 0.95;

    /** The median and interval of {@code values} (NaN values are left out; none left: NaN). */
    public static MedianInterval of(double[] values) {
        double[] x = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        int n = x.length;
        if (n == 0) {
            return new MedianInterval(Double.NaN, Double.NaN, Double.NaN, 0, 0);
        }
        double median = n % 2 == 1 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
        BinomialDistribution b = new BinomialDistribution(null, n, 0.5);
        int j = 1;
        while (j < (n + 1) / 2 && 1 - 2 * b.cumulativeProbability(j) >= CONFIDENCE) {
            j++;
        }
        double coverage = 1 - 2 * b.cumulativeProbability(j - 1);
        return new MedianInterval(median, x[j - 1], x[n - j], n, coverage);
    }

    /** The coverage of the widest interval, [min, max], of {@code n} values: 1 - 2^(1-n) (0 without values). */
    public static double coverage(int n) {
        return n < 1 ? 0 : 1 - Math.pow(0.5, n - 1);
    }
}
