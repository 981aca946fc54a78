package dev.nbc.bench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The measurements of one run: the run's description ({@link RunInfo}, repeated in every row so
 * that a row stands on its own) and one row per measurement with every parameter. A row is a
 * record of its benchmark's row type, written as its columns ({@link RowSchema}).
 */
public final class Results {
    private final Map<String, Object> run;
    private final List<Row> rows = new ArrayList<>();

    /**
     * A kept row.
     *
     * @param benchmark its benchmark
     * @param value     the row
     * @param columns   the columns written for it: the benchmark, the run's, then the row's own
     */
    private record Row(String benchmark, Record value, Map<String, Object> columns) {
    }

    public Results(Map<String, Object> run) {
        this.run = new LinkedHashMap<>(run);
    }

    public Map<String, Object> run() {
        return Collections.unmodifiableMap(run);
    }

    /** Keeps {@code row} as a row of {@code benchmark}: the benchmark, the run's fields, then the row's columns. */
    public void add(String benchmark, Record row) {
        Map<String, Object> columns = new LinkedHashMap<>();
        columns.put("benchmark", benchmark);
        columns.putAll(run);
        RowSchema.columns(row).forEach((column, value) -> {
            if (columns.containsKey(column)) {
                throw new IllegalStateException(row.getClass().getSimpleName() + ": column " + column + " is the run's");
            }
            columns.put(column, value);
        });
        rows.add(new Row(benchmark, row, Collections.unmodifiableMap(columns)));
    }

    public void addAll(Results other) {
        rows.addAll(other.rows);
    }

    /** Every row's columns, as written. */
    public List<Map<String, Object>> rows() {
        return rows.stream().map(Row::columns).toList();
    }

    /** The columns of {@code benchmark}'s rows, as written. */
    public List<Map<String, Object>> rows(String benchmark) {
        return rows.stream().filter(r -> r.benchmark().equals(benchmark)).map(Row::columns).toList();
    }

    /** The rows of {@code benchmark}, as their type. */
    public <R extends Record> List<R> rows(String benchmark, Class<R> type) {
        return rows.stream().filter(r -> r.benchmark().equals(benchmark)).map(r -> type.cast(r.value())).toList();
    }

    /** Column names in first-seen order over the given rows. */
    public static List<String> columns(List<Map<String, Object>> rows) {
        Set<String> cols = new LinkedHashSet<>();
        rows.forEach(r -> cols.addAll(r.keySet()));
        return new ArrayList<>(cols);
    }
}
