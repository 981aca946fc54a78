package dev.nbc.bench.report;

import dev.nbc.harness.cli.ResultFiles;
import org.knowm.xchart.XYChart;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.List;

/** Writes a run's plots, {@code <dir>/<run name>-<plot>.png} and {@code .svg}, among the run's other files. */
public final class PlotWriter {
    private final Path dir;
    private final String name;
    private final ResultFiles files;

    PlotWriter(Path dir, String name, ResultFiles files) {
        this.dir = dir;
        this.name = name;
        this.files = files;
    }

    /** Saves {@code chart} as the plot {@code plot} (one of its section's {@link ReportSection#plotNames()}). */
    public void save(XYChart chart, String plot) throws IOException {
        Plots.save(chart, dir.resolve(name + "-" + plot), files);
    }

    /** A point of a derived series: {@code series}, the row's bytes and P, and y. */
    public static Map<String, Object> point(Map<String, Object> row, String series, Object y) {
        Map<String, Object> m = new HashMap<>();
        m.put("series", series);
        m.put("bytes", row.get("bytes"));
        m.put("P", row.get("P"));
        m.put("y", y);
        return m;
    }

    /** The distinct values of {@code column}, sorted. */
    public static TreeSet<String> distinct(List<Map<String, Object>> rows, String column) {
        TreeSet<String> set = new TreeSet<>();
        rows.forEach(r -> set.add(String.valueOf(r.get(column))));
        return set;
    }
}
