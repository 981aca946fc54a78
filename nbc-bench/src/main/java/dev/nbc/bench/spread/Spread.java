package dev.nbc.bench.spread;

import dev.nbc.bench.report.ColumnGroup;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What repeating a point found beside its figures' medians: each figure's 95 % interval and
 * tolerance, how many runs the row stands for and which figures are unstable. Its columns are
 * named after the figures: {@code <figure>_ci_low}, {@code _ci_high}, {@code _ci_runs},
 * {@code _tolerance}, then {@code runs}, {@code unstable}, {@code unstable_figures}.
 *
 * @param intervals       the interval of every figure the row has, in the order of the benchmark's figures
 * @param runs            how many runs the row stands for
 * @param unstableFigures the figures whose interval is wider than their tolerance, or short of 95 %
 */
public record Spread(List<Interval> intervals, int runs, List<String> unstableFigures) implements ColumnGroup {

    /**
     * A figure's interval over the runs.
     *
     * @param figure    the figure's column
     * @param low       the interval's lower end
     * @param high      the interval's upper end
     * @param runs      how many runs gave the figure a value
     * @param tolerance the smallest change of the figure that matters, in its unit
     */
    public record Interval(String figure, double low, double high, int runs, double tolerance) {
    }

    public Spread {
        intervals = List.copyOf(intervals);
        unstableFigures = List.copyOf(unstableFigures);
    }

    /** Whether a figure's interval is too wide to trust its median. */
    public boolean unstable() {
        return !unstableFigures.isEmpty();
    }

    /**
     * The spread of one figure whose repetitions are the benchmark's own (as the clock
     * synchronisations are): its interval, and the row standing for that many repetitions.
     */
    public static Spread of(Figure figure, MedianInterval interval) {
        Interval only = new Interval(figure.column(), interval.low(), interval.high(), interval.repetitions(),
                figure.width(interval.median()));
        return new Spread(List.of(only), interval.repetitions(),
                Repeated.unstable(figure, interval) ? List.of(figure.column()) : List.of());
    }

    /** This spread with {@code figure}'s tolerance at least {@code tolerance} (a wider one stays). */
    public Spread withToleranceAtLeast(String figure, double tolerance) {
        return new Spread(intervals.stream().map(i -> !i.figure().equals(figure) ? i
                : new Interval(i.figure(), i.low(), i.high(), i.runs(), Math.max(i.tolerance(), tolerance))).toList(),
                runs, unstableFigures);
    }

    /** The spread that {@link Repeated#merge} put into {@code row} for {@code figures}. */
    static Spread of(Map<String, Object> row, List<Figure> figures) {
        List<Interval> intervals = new ArrayList<>();
        for (Figure figure : figures) {
            String column = figure.column();
            if (row.containsKey(column + Figure.LOW)) {
                intervals.add(new Interval(column, (double) row.get(column + Figure.LOW), (double) row.get(column + Figure.HIGH),
                        (int) row.get(column + Figure.RUNS), (double) row.get(column + Figure.TOLERANCE)));
            }
        }
        String unstable = (String) row.get(Repeated.UNSTABLE_FIGURES);
        return new Spread(intervals, (int) row.get(Repeated.RUNS), unstable.isEmpty() ? List.of() : List.of(unstable.split(" ")));
    }

    @Override
    public void putColumns(Map<String, Object> columns) {
        for (Interval interval : intervals) {
            columns.put(interval.figure() + Figure.LOW, interval.low());
            columns.put(interval.figure() + Figure.HIGH, interval.high());
            columns.put(interval.figure() + Figure.RUNS, interval.runs());
            columns.put(interval.figure() + Figure.TOLERANCE, interval.tolerance());
        }
        columns.put(Repeated.RUNS, runs);
        columns.put(Repeated.UNSTABLE, unstable());
        columns.put(Repeated.UNSTABLE_FIGURES, String.join(" ", unstableFigures));
    }
}
