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
 * record of its benchmark's row type ({@link #add}, written by {@link RowSchema}) or, for the
 * benchmarks whose rows have no type yet, a map of columns ({@link #row}).
 */
public final class Results {
    private final Map<String, Object> run;
    private final List<Map<String, Object>> rows = new ArrayList<>();
    /** The typed rows, by the column map written for each. */
    private final Map<Map<String, Object>, Record> typed = new java.util.IdentityHashMap<>();

    public Results(Map<String, Object> run) {
        this.run = new LinkedHashMap<>(run);
    }

    public Map<String, Object> run() {
        return Collections.unmodifiableMap(run);
    }

    /** A new row of {@code benchmark}, pre-filled with the run's fields; fill in and keep. */
    public Map<String, Object> row(String benchmark) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("benchmark", benchmark);
        row.putAll(run);
        rows.add(row);
        return row;
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
        rows.add(columns);
        typed.put(columns, row);
    }

    public void addAll(Results other) {
        rows.addAll(other.rows);
        typed.putAll(other.typed);
    }

    /** The rows of {@code benchmark} kept with {@link #add}, as their type. */
    public <R extends Record> List<R> rows(String benchmark, Class<R> type) {
        List<R> out = new ArrayList<>();
        for (Map<String, Object> r : rows(benchmark)) {
            out.add(type.cast(typed.get(r)));
        }
        return out;
    }

    public List<Map<String, Object>> rows() {
        return Collections.unmodifiableList(rows);
    }

    public List<Map<String, Object>> rows(String benchmark) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            if (benchmark.equals(r.get("benchmark"))) {
                out.add(r);
            }
        }
        return out;
    }

    /** Column names in first-seen order over the given rows. */
    public static List<String> columns(List<Map<String, Object>> rows) {
        Set<String> cols = new LinkedHashSet<>();
        rows.forEach(r -> cols.addAll(r.keySet()));
        return new ArrayList<>(cols);
    }
}
