package dev.nbc.bench.report;

import dev.nbc.core.schedule.Collective;
import dev.nbc.harness.cli.ResultFiles;
import org.knowm.xchart.XYChart;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.List;
import java.util.function.BiFunction;

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

    /** The names "{@code prefix}-{@code collective}" of a plot per collective, for every collective. */
    public static List<String> perCollective(String prefix) {
        return Arrays.stream(Collective.values()).map(c -> prefix + "-" + c.label()).toList();
    }

    /**
     * One plot per collective of {@code rows} but the barrier (it has one size, no curve), named
     * "{@code prefix}-{@code collective}": {@code chart} makes it from the collective and its rows.
     */
    public void savePerCollective(List<Map<String, Object>> rows, String prefix,
                                  BiFunction<String, List<Map<String, Object>>, XYChart> chart) throws IOException {
        for (String collective : distinct(rows, "collective")) {
            if (!collective.equals(Collective.BARRIER.label())) {
                save(chart.apply(collective, rows.stream().filter(r -> collective.equals(r.get("collective"))).toList()),
                        prefix + "-" + collective);
            }
        }
    }

    /** A point of a derived series: {@code series}, the row's bytes and P, and as y the row's {@code column} with its interval. */
    public static Map<String, Object> point(Map<String, Object> row, String series, String column) {
        Map<String, Object> m = new HashMap<>();
        m.put("series", series);
        m.put("bytes", row.get("bytes"));
        m.put("P", row.get("P"));
        m.put("y", row.get(column));
        m.put("y_ci_low", row.get(column + "_ci_low"));
        m.put("y_ci_high", row.get(column + "_ci_high"));
        return m;
    }

    /** The distinct values of {@code column}, sorted. */
    public static TreeSet<String> distinct(List<Map<String, Object>> rows, String column) {
        TreeSet<String> set = new TreeSet<>();
        rows.forEach(r -> set.add(String.valueOf(r.get(column))));
        return set;
    }
}
