package dev.nbc.bench.spread;

import dev.nbc.bench.latency.LatencyPoint;
import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.report.RowSchema;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A point measured as independent repetitions: the whole measurement of the point runs
 * {@code runs} times (each with its own timed loops), and every figure of its rows becomes the
 * median of the runs with a 95 % interval beside it ({@code <figure>_ci_low}, {@code _ci_high}).
 * Every other number that differs between the runs is their median too (so that a row never mixes
 * one run's quantiles with another's median), counts named as summed are added up, and the rest
 * (text, flags, numbers all runs agree on) is the first run's. A row is flagged
 * {@code unstable} when a figure's interval is wider than the figure's tolerance.
 */
public final class Repeated {
    /** Columns every merged row gets. */
    public static final String RUNS = "runs";
    public static final String UNSTABLE = "unstable";
    public static final String UNSTABLE_FIGURES = "unstable_figures";
    /** Columns that tell two rows of one point apart (besides the benchmark's own). */
    private static final List<String> KEY = List.of(PointKey.P, PointKey.VARIANT, PointKey.COLLECTIVE, PointKey.BYTES,
            LatencyPoint.SCHEME, LatencyPoint.REDUCTION);

    private Repeated() {
    }

    /**
     * A point's row of type {@code R} merged over the runs, with what the runs found about its figures.
     *
     * @param point  the row with the medians where the runs differ
     * @param spread the figures' intervals over the runs and the row's verdict
     */
    public record Merged<R extends Record>(R point, Spread spread) {
    }

    /**
     * Runs {@code once} {@code runs} times (collective over the ranks: every rank calls it alike)
     * and merges the leader's rows, records of one type ({@link RowSchema}), column by column;
     * null where {@code once} returns null (the other ranks).
     *
     * @param summed count columns added up over the runs (valid windows, repetitions)
     */
    public static <R extends Record> List<Merged<R>> mergedRows(int runs, List<Figure> figures, List<String> summed,
                                                                Supplier<List<R>> once) {
        List<List<R>> typed = new ArrayList<>();
        for (int run = 0; run < runs; run++) {
            typed.add(once.get());
        }
        if (typed.get(0) == null) {
            return null;
        }
        List<Merged<R>> merged = new ArrayList<>();
        if (typed.get(0).isEmpty()) {
            return merged;
        }
        @SuppressWarnings("unchecked")
        Class<R> type = (Class<R>) typed.get(0).get(0).getClass();
        List<List<Map<String, Object>>> all = typed.stream().map(rows -> rows.stream().map(RowSchema::columns).toList()).toList();
        for (Map<String, Object> row : merge(all, figures, summed)) {
            merged.add(new Merged<>(RowSchema.fromColumns(type, row), Spread.of(row, figures)));
        }
        return merged;
    }

    /** As {@link #mergedRows} for a point of one row. */
    public static <R extends Record> Merged<R> mergedRow(int runs, List<Figure> figures, Supplier<R> once) {
        List<Merged<R>> rows = mergedRows(runs, figures, List.of(), () -> {
            R row = once.get();
            return row == null ? null : List.of(row);
        });
        return rows == null ? null : rows.get(0);
    }

    /** Merges the runs' rows (the same rows in the same order in every run). */
    static List<Map<String, Object>> merge(List<List<Map<String, Object>>> runs, List<Figure> figures, List<String> summed) {
        List<Map<String, Object>> first = runs.get(0);
        List<Map<String, Object>> merged = new ArrayList<>();
        for (int i = 0; i < first.size(); i++) {
            Map<String, Object> row = new LinkedHashMap<>(first.get(i));
            for (List<Map<String, Object>> run : runs) {
                checkSamePoint(first.get(i), run.get(i));
            }
            List<String> unstable = new ArrayList<>();
            for (Figure figure : figures) {
                if (!row.containsKey(figure.column())) {
                    continue;
                }
                if (putFigure(row, figure, MedianInterval.of(valuesOf(runs, i, figure.column())))) {
                    unstable.add(figure.column());
                }
            }
            for (Map.Entry<String, Object> cell : first.get(i).entrySet()) {
                String column = cell.getKey();
                if (cell.getValue() instanceof Number && !KEY.contains(column) && !summed.contains(column)
                        && figures.stream().noneMatch(f -> f.column().equals(column))) {
                    double[] values = valuesOf(runs, i, column);
                    if (Arrays.stream(values).anyMatch(v -> Double.compare(v, values[0]) != 0)) {
                        row.put(column, MedianInterval.of(values).median());
                    }
                }
            }
            for (String column : summed) {
                if (row.get(column) instanceof Number) {
                    long total = 0;
                    for (List<Map<String, Object>> run : runs) {
                        if (run.get(i).get(column) instanceof Number n) {
                            total += n.longValue();
                        }
                    }
                    row.put(column, total);
                }
            }
            putVerdict(row, runs.size(), unstable);
            merged.add(row);
        }
        return merged;
    }

    /** Row {@code i}'s {@code column} in every run (NaN where a run has no number there). */
    private static double[] valuesOf(List<List<Map<String, Object>>> runs, int i, String column) {
        double[] values = new double[runs.size()];
        for (int r = 0; r < runs.size(); r++) {
            values[r] = runs.get(r).get(i).get(column) instanceof Number n ? n.doubleValue() : Double.NaN;
        }
        return values;
    }

    /**
     * Puts a figure's median and its interval's columns into {@code row}; returns whether the
     * figure is unstable ({@link #unstable}).
     */
    private static boolean putFigure(Map<String, Object> row, Figure figure, MedianInterval interval) {
        row.put(figure.column(), interval.median());
        row.put(figure.column() + Figure.LOW, interval.low());
        row.put(figure.column() + Figure.HIGH, interval.high());
        row.put(figure.column() + Figure.RUNS, interval.repetitions());
        row.put(figure.column() + Figure.TOLERANCE, figure.width(interval.median()));
        return unstable(figure, interval);
    }

    /** Whether {@code figure}'s {@code interval} is too wide to trust: wider than its tolerance, or short of 95 %. */
    static boolean unstable(Figure figure, MedianInterval interval) {
        return interval.repetitions() > 0 && (figure.unstable(interval) || interval.confidence() < MedianInterval.CONFIDENCE);
    }

    /** Puts how many runs a row stands for and which of its figures are unstable. */
    private static void putVerdict(Map<String, Object> row, int runs, List<String> unstable) {
        row.put(RUNS, runs);
        row.put(UNSTABLE, !unstable.isEmpty());
        row.put(UNSTABLE_FIGURES, String.join(" ", unstable));
    }

    private static void checkSamePoint(Map<String, Object> a, Map<String, Object> b) {
        for (String key : KEY) {
            if (!Objects.equals(a.get(key), b.get(key))) {
                throw new IllegalStateException("repetitions of one point differ in " + key + ": " + a.get(key) + " and " + b.get(key));
            }
        }
    }
}
