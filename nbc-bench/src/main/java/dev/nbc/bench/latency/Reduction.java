package dev.nbc.bench.latency;

/**
 * The five ways of reducing per-rank times of one repetition to one number (Hoefler, Schneider,
 * Lumsdaine, after Worsch et al.): start and end are on the global clock, one pair per rank.
 */
public enum Reduction {
    /** (1) the time at a designated rank (rank 0). */
    DESIGNATED("rank0"),
    /** (2) the maximum over ranks of each rank's own time. */
    MAXIMUM("max"),
    /** (3) from the first rank's start to the last rank's finish. */
    FIRST_START_LAST_FINISH("first-to-last"),
    /** (4) the mean of the ranks' times. */
    MEAN("mean"),
    /** (5) the minimum of the ranks' times. */
    MINIMUM("min");

    private final String label;

    Reduction(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Applies this reduction to one repetition; {@code start[r]}, {@code end[r]} are rank r's. */
    public double reduce(double[] start, double[] end) {
        int p = start.length;
        switch (this) {
            case DESIGNATED:
                return end[0] - start[0];
            case MAXIMUM: {
                double m = Double.NEGATIVE_INFINITY;
                for (int r = 0; r < p; r++) {
                    m = Math.max(m, end[r] - start[r]);
                }
                return m;
            }
            case FIRST_START_LAST_FINISH: {
                double first = Double.POSITIVE_INFINITY;
                double last = Double.NEGATIVE_INFINITY;
                for (int r = 0; r < p; r++) {
                    first = Math.min(first, start[r]);
                    last = Math.max(last, end[r]);
                }
                return last - first;
            }
            case MEAN: {
                double s = 0;
                for (int r = 0; r < p; r++) {
                    s += end[r] - start[r];
                }
                return s / p;
            }
            case MINIMUM: {
                double m = Double.POSITIVE_INFINITY;
                for (int r = 0; r < p; r++) {
                    m = Math.min(m, end[r] - start[r]);
                }
                return m;
            }
            default:
                throw new AssertionError(this);
        }
    }
}
