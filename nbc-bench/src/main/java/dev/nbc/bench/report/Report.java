package dev.nbc.bench.report;

import dev.nbc.bench.spread.Repeated;
import dev.nbc.harness.cli.ResultFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a run's results into a directory: {@code <name>.csv}, {@code <name>.json}, every
 * section's plots as PNG + SVG, and {@code <name>-summary.txt}, all replaced together
 * ({@link ResultFiles}): the files of an older run of the same name that this one does not write
 * (plots of a benchmark it did not run) are deleted, and after a failure the older run's files
 * stay as they were. What a benchmark's rows mean is its {@link ReportSection}'s business.
 */
public final class Report {
    private static final String SUMMARY = "-summary.txt";

    private Report() {
    }

    /**
     * Writes the report of {@code results} as {@code name} into {@code dir}, the plots of every
     * section that has rows; returns the files, in order of writing.
     *
     * @param sections every benchmark that can have rows in a report (those without rows plot nothing)
     */
    public static List<Path> write(Results results, List<? extends ReportSection> sections, Path dir, String name, String summary)
            throws IOException {
        try (ResultFiles files = new ResultFiles()) {
            files.writeString(dir.resolve(name + ".csv"), CsvWriter.format(results.rows()));
            files.writeString(dir.resolve(name + ".json"), JsonWriter.format(results.run(), results.rows()));
            PlotWriter plots = new PlotWriter(dir, name, files);
            for (ReportSection section : sections) {
                List<Map<String, Object>> rows = results.rows(section.name());
                if (!rows.isEmpty()) {
                    section.plot(rows, plots);
                }
            }
            files.writeString(dir.resolve(name + SUMMARY), summary);
            files.replacing(dir, file -> isReportFile(name, file, sections));
            return files.commit();
        }
    }

    /** Whether {@code file} is one that a report named {@code name} can write. */
    static boolean isReportFile(String name, String file, List<? extends ReportSection> sections) {
        if (file.equals(name + ".csv") || file.equals(name + ".json") || file.equals(name + SUMMARY)) {
            return true;
        }
        return sections.stream().flatMap(s -> s.plotNames().stream())
                .anyMatch(plot -> Plots.EXTENSIONS.stream().anyMatch(ext -> file.equals(name + "-" + plot + ext)));
    }

    /** A short text summary: the run, then every section's table of its rows. */
    public static String summary(Results results, List<? extends ReportSection> sections) {
        StringBuilder sb = new StringBuilder();
        Map<String, Object> run = results.run();
        sb.append(String.format(Locale.ROOT, "nbc-bench %s  transport=%s network=%s P_max=%s  %s  git %s  %s%n", run.get("command"),
                run.get("transport"), run.get("network"), run.get("P_max"), run.get("ompi_version"), run.get("git_commit"), run.get("date")));
        for (ReportSection section : sections) {
            List<Map<String, Object>> rows = results.rows(section.name());
            if (!rows.isEmpty()) {
                section.headline(rows).forEach(line -> sb.append(line).append('\n'));
            }
        }
        for (ReportSection section : sections) {
            List<Map<String, Object>> rows = results.rows(section.name());
            if (!rows.isEmpty()) {
                section.summarize(rows, sb);
                if (rows.get(0).containsKey(Repeated.UNSTABLE)) {
                    long unstable = rows.stream().filter(r -> Boolean.TRUE.equals(r.get(Repeated.UNSTABLE))).count();
                    sb.append(String.format(Locale.ROOT, "%d of %d %s rows unstable (!: a figure's 95 %% interval over the runs is "
                            + "wider than its tolerance; which: column unstable_figures)%n", unstable, rows.size(), section.name()));
                }
            }
        }
        return sb.toString();
    }
}
