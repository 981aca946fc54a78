package dev.nbc.bench.report;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A benchmark's part of the report: its rows (those whose {@code benchmark} column is its
 * {@link #name()}), its table in the text summary and its plots. The benchmark owns its columns;
 * {@link Report} only iterates over the sections.
 */
public interface ReportSection {

    /** The rows' benchmark column and the first word of its plots' names: "overhead". */
    String name();

    /** Its headline: the lines at the top of the summary that say what the run found (none by default). */
    default List<String> headline(List<Map<String, Object>> rows) {
        return List.of();
    }

    /** Appends its table(s) of {@code rows} to the summary; called only with rows. */
    void summarize(List<Map<String, Object>> rows, StringBuilder summary);

    /** Writes its plots of {@code rows}; called only with rows. */
    void plot(List<Map<String, Object>> rows, PlotWriter plots) throws IOException;

    /**
     * Every plot it can write, without the run's name and the extension ("overhead-cpu-vs-P",
     * "overlap-bcast"): an older run's plots of the same name that this run does not write are deleted.
     */
    List<String> plotNames();
}
