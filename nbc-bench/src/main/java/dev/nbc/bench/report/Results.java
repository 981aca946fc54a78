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
 * that a row stands on its own) and one row per measurement with every parameter.
 */
public final class Results {
    private final Map<String, Object> run;
    private final List<Map<String, Object>> rows = new ArrayList<>();

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

    public void addAll(Results other) {
        rows.addAll(other.rows);
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
