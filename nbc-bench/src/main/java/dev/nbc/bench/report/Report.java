package dev.nbc.bench.report;

import dev.nbc.core.schedule.Collective;
import dev.nbc.harness.cli.ResultFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Function;

/**
 * Writes a run's results into a directory: {@code <name>.csv}, {@code <name>.json}, PNG + SVG plots
 * per sweep, and {@code <name>-summary.txt}, all replaced together ({@link ResultFiles}): the files
 * of an older run of the same name that this one does not write (plots of a sweep it did not run)
 * are deleted, and after a failure the older run's files stay as they were.
 */
public final class Report {
    private static final String SUMMARY = "-summary.txt";
    private static final String OVERHEAD_CPU_VS_P = "overhead-cpu-vs-P";
    private static final String OVERHEAD_CPU_VS_SIZE = "overhead-cpu-vs-size";
    private static final String OVERHEAD_PROCESS_CPU_VS_SIZE = "overhead-proccpu-vs-size";
    private static final String OVERHEAD_IDLE_VS_P = "overhead-idle-vs-P";
    private static final String OVERHEAD_IDLE_VS_SIZE = "overhead-idle-vs-size";
    private static final String SYNC_TIME = "sync-time";
    private static final String SYNC_ERROR = "sync-error";

    private Report() {
    }

    /** Writes the report of {@code results} as {@code name} into {@code dir}; returns the files, in order of writing. */
    public static List<Path> write(Results results, Path dir, String name, String summary) throws IOException {
        try (ResultFiles files = new ResultFiles()) {
            files.writeString(dir.resolve(name + ".csv"), CsvWriter.format(results.rows()));
            files.writeString(dir.resolve(name + ".json"), JsonWriter.format(results.run(), results.rows()));
            plots(results, dir, name, files);
            files.writeString(dir.resolve(name + SUMMARY), summary);
            files.replacing(dir, file -> isReportFile(name, file));
            return files.commit();
        }
    }

    /** Whether {@code file} is one that a report named {@code name} can write. */
    static boolean isReportFile(String name, String file) {
        if (file.equals(name + ".csv") || file.equals(name + ".json") || file.equals(name + SUMMARY)) {
            return true;
        }
        List<String> plots = new ArrayList<>(List.of(OVERHEAD_CPU_VS_P, OVERHEAD_CPU_VS_SIZE, OVERHEAD_PROCESS_CPU_VS_SIZE,
                OVERHEAD_IDLE_VS_P, OVERHEAD_IDLE_VS_SIZE, SYNC_TIME, SYNC_ERROR));
        for (Collective c : Collective.values()) {
            plots.add(overlapPlot(c.label()));
            plots.add(latencyPlot(c.label()));
        }
        return plots.stream().anyMatch(plot -> Plots.EXTENSIONS.stream().anyMatch(ext -> file.equals(name + "-" + plot + ext)));
    }

    private static String overlapPlot(String collective) {
        return "overlap-" + collective;
    }

    private static String latencyPlot(String collective) {
        return "latency-" + collective;
    }

    static String s(Object o) {
        return String.valueOf(o);
    }

    private static void plots(Results results, Path dir, String name, ResultFiles files) throws IOException {
        Function<String, Path> base = plot -> dir.resolve(name + "-" + plot);
        List<Map<String, Object>> overhead = results.rows("overhead");
        if (!overhead.isEmpty()) {
            int maxP = overhead.stream().mapToInt(r -> ((Number) r.get("P")).intValue()).max().orElse(1);
            int bigBytes = overhead.stream().filter(r -> !"barrier".equals(r.get("collective")))
                    .mapToInt(r -> ((Number) r.get("bytes")).intValue()).max().orElse(0);
            Plots.save(Plots.chart(new Plots.Spec("CPU share of blocking collectives vs P (" + bigBytes
                            + " B; barrier: 0 B)", "P", "CPU share (thread + progress thread)", false, false), overhead,
                    r -> "barrier".equals(r.get("collective")) || Objects.equals(r.get("bytes"), bigBytes),
                    r -> r.get("variant") + " " + r.get("collective"), "P", "cpu_share"), base.apply(OVERHEAD_CPU_VS_P), files);
            Plots.save(Plots.chart(new Plots.Spec("CPU share vs message size (P=" + maxP + ")", "bytes",
                            "CPU share (thread + progress thread)", true, false), overhead,
                    r -> Objects.equals(r.get("P"), maxP) && !"barrier".equals(r.get("collective")),
                    r -> r.get("variant") + " " + r.get("collective"), "bytes", "cpu_share"), base.apply(OVERHEAD_CPU_VS_SIZE), files);
            Plots.save(Plots.chart(new Plots.Spec("Process CPU share (/proc utime+stime) vs size (P=" + maxP + ")",
                            "bytes", "CPU share (process)", true, false), overhead,
                    r -> Objects.equals(r.get("P"), maxP) && !"barrier".equals(r.get("collective")),
                    r -> r.get("variant") + " " + r.get("collective"), "bytes", "proc_cpu_share"), base.apply(OVERHEAD_PROCESS_CPU_VS_SIZE), files);
            Plots.save(Plots.chart(new Plots.Spec("Absolute idle time per collective vs P (" + bigBytes + " B)",
                            "P", "idle time per collective (us)", false, true), overhead,
                    r -> "barrier".equals(r.get("collective")) || Objects.equals(r.get("bytes"), bigBytes),
                    r -> r.get("variant") + " " + r.get("collective"), "P", "idle_us_per_op"), base.apply(OVERHEAD_IDLE_VS_P), files);
            Plots.save(Plots.chart(new Plots.Spec("Absolute idle time per collective vs size (P=" + maxP + ")",
                            "bytes", "idle time per collective (us)", true, true), overhead,
                    r -> Objects.equals(r.get("P"), maxP) && !"barrier".equals(r.get("collective")),
                    r -> r.get("variant") + " " + r.get("collective"), "bytes", "idle_us_per_op"), base.apply(OVERHEAD_IDLE_VS_SIZE), files);
        }
        List<Map<String, Object>> overlap = results.rows("overlap");
        for (String c : distinct(overlap, "collective")) {
            if (c.equals("barrier")) {
                continue;
            }
            List<Map<String, Object>> series = new ArrayList<>();
            for (Map<String, Object> r : overlap) {
                if (!c.equals(r.get("collective"))) {
                    continue;
                }
                series.add(point(r, r.get("variant") + " (OSU)", r.get("overlap_osu_pct")));
                series.add(point(r, r.get("variant") + " physical limit", r.get("physical_limit_pct")));
                if ("nbc-thread".equals(r.get("variant"))) {
                    series.add(point(r, "LogGP simulated (" + r.get("loggp_source") + ")", r.get("loggp_sim_overlap_pct")));
                    series.add(point(r, "LogGP equations (" + r.get("loggp_source") + ")", r.get("loggp_eq_overlap_pct")));
                }
            }
            Plots.save(Plots.chart(new Plots.Spec("Overlap of i" + c + " vs size (P=" + overlap.get(0).get("P")
                            + ", " + overlap.get(0).get("transport") + ")", "bytes", "overlap (%)", true, false), series,
                    r -> true, r -> s(r.get("series")), "bytes", "y"), base.apply(overlapPlot(c)), files);
        }
        List<Map<String, Object>> latency = results.rows("latency");
        for (String c : distinct(latency, "collective")) {
            if (c.equals("barrier")) {
                continue;
            }
            Plots.save(Plots.chart(new Plots.Spec("Latency of " + c + " (median; window: max over ranks)", "bytes",
                            "latency (us)", true, true), latency,
                    r -> c.equals(r.get("collective")) && ("max".equals(r.get("reduction")) || !"window".equals(r.get("scheme"))),
                    r -> r.get("variant") + " " + r.get("scheme"), "bytes", "median_us"), base.apply(latencyPlot(c)), files);
        }
        List<Map<String, Object>> sync = results.rows("sync");
        if (!sync.isEmpty()) {
            Plots.save(Plots.chart(new Plots.Spec("Group clock synchronisation time", "P", "time (us)", false, true),
                    sync, r -> true, r -> s(r.get("scheme")), "P", "sync_time_us"), base.apply(SYNC_TIME), files);
            List<Map<String, Object>> err = new ArrayList<>();
            for (Map<String, Object> r : sync) {
                err.add(point(r, r.get("scheme") + " offset+drift, now", r.get("err_drift_model_now_us")));
                err.add(point(r, r.get("scheme") + " offset+drift, later", r.get("err_drift_model_later_us")));
                err.add(point(r, r.get("scheme") + " offset only, later", r.get("err_offset_only_later_us")));
            }
            Plots.save(Plots.chart(new Plots.Spec("Synchronisation error (max over ranks)", "P", "|error| (us)", false, true),
                    err, r -> true, r -> s(r.get("series")), "P", "y"), base.apply(SYNC_ERROR), files);
        }
    }

    private static Map<String, Object> point(Map<String, Object> r, String series, Object y) {
        Map<String, Object> m = new java.util.HashMap<>();
        m.put("series", series);
        m.put("bytes", r.get("bytes"));
        m.put("P", r.get("P"));
        m.put("y", y);
        return m;
    }

    private static TreeSet<String> distinct(List<Map<String, Object>> rows, String column) {
        TreeSet<String> set = new TreeSet<>();
        rows.forEach(r -> set.add(s(r.get(column))));
        return set;
    }

    private static String num(Object v) {
        Double d = Plots.number(v);
        return d == null ? "-" : String.format(Locale.ROOT, d >= 100 ? "%.0f" : d >= 10 ? "%.1f" : "%.2f", d);
    }

    /** A column of a summary table: its header, its printf format and how a row gives its cell. */
    private record Column(String format, String header, Function<Map<String, Object>, Object> cell) {
    }

    /** A column showing a row's value as it is. */
    private static Column text(String format, String column) {
        return new Column(format, column, r -> r.get(column));
    }

    /** A column showing a row's number with 3 significant places ({@link #num}). */
    private static Column number(String format, String header, String column) {
        return new Column(format, header, r -> num(r.get(column)));
    }

    /** The columns that start most tables: P, variant, collective. */
    private static final Column[] ROW_KEY = {text("%-3s", "P"), text("%-11s", "variant"), text("%-10s", "collective")};

    /** Appends a titled table of {@code rows}, nothing if there are none. */
    private static void table(StringBuilder sb, String title, List<Map<String, Object>> rows, Column[] key, Column... columns) {
        if (rows.isEmpty()) {
            return;
        }
        List<Column> all = new ArrayList<>(List.of(key));
        all.addAll(List.of(columns));
        String format = String.join(" ", all.stream().map(Column::format).toList()) + "%n";
        sb.append('\n').append(title).append('\n');
        sb.append(String.format(format, all.stream().map(Column::header).toArray()));
        for (Map<String, Object> row : rows) {
            sb.append(String.format(format, all.stream().map(c -> c.cell().apply(row)).toArray()));
        }
    }

    /** A short text summary: a table per benchmark. */
    public static String summary(Results results) {
        StringBuilder sb = new StringBuilder();
        Map<String, Object> run = results.run();
        sb.append(String.format(Locale.ROOT, "nbc-bench %s  transport=%s network=%s P_max=%s  %s  git %s  %s%n", run.get("command"),
                run.get("transport"), run.get("network"), run.get("P_max"), run.get("ompi_version"), run.get("git_commit"), run.get("date")));
        table(sb, "OVERHEAD (blocking; CPU share = (thread + progress thread CPU) / wall; idle = wall - CPU per op)",
                results.rows("overhead"), ROW_KEY, text("%9s", "bytes"), number("%10s", "t/op us", "time_per_op_us"),
                number("%7s", "cpu", "cpu_share"), number("%7s", "progr", "progress_cpu_share"),
                number("%7s", "proc", "proc_cpu_share"), number("%9s", "idle us", "idle_us_per_op"));
        table(sb, "OVERLAP (% ; cost = overall - compute, what the overlapped collective cost the application; OSU = max(0,100(1-(overall-compute)/pure)), IMB = 100 max(0,min(1,(pure+compute-overall)/min(pure,compute))))",
                results.rows("overlap"), ROW_KEY, text("%9s", "bytes"), number("%9s", "pure max", "pure_max_us"),
                number("%9s", "LgGP us", "loggp_sim_us"), number("%9s", "ovrl us", "overall_us"),
                number("%9s", "cost us", "overlapped_cost_us"), number("%6s", "OSU", "overlap_osu_pct"), number("%6s", "IMB", "overlap_imb_pct"),
                number("%6s", "limit", "physical_limit_pct"), number("%6s", "LgGPs", "loggp_sim_overlap_pct"),
                number("%6s", "LgGPe", "loggp_eq_overlap_pct"));
        table(sb, "LATENCY (us, median; window scheme per reduction, naive schemes for contrast)", results.rows("latency"),
                ROW_KEY, text("%9s", "bytes"), text("%-17s", "scheme"), text("%-13s", "reduction"),
                number("%9s", "median", "median_us"), number("%9s", "q10", "q10_us"), number("%9s", "q90", "q90_us"),
                new Column("%6s", "valid", r -> r.get("valid") == null ? "-" : r.get("valid") + "/" + r.get("repetitions")));
        table(sb, "BACK-TO-BACK TAIL (us, per-iteration max over ranks; x ompi = multiple of Open MPI's in this run)",
                results.rows("tail"), ROW_KEY, text("%7s", "bytes"), number("%8s", "p50", "p50_us"), number("%8s", "p90", "p90_us"),
                number("%9s", "p99", "p99_us"), number("%9s", "p99.9", "p999_us"), number("%9s", "mean", "mean_us"),
                number("%9s", "max", "max_us"), number("%8s", "mean x", "mean_vs_ompi"), number("%8s", "p99 x", "p99_vs_ompi"));
        table(sb, "SYNC (time at rank 0; error = max over ranks of |global estimate - rank 0's clock|, us)", results.rows("sync"),
                new Column[] {text("%-3s", "P"), text("%-7s", "scheme")}, text("%5s", "steps"),
                number("%10s", "time us", "sync_time_us"), number("%12s", "err now", "err_drift_model_now_us"),
                number("%12s", "err later", "err_drift_model_later_us"), number("%12s", "off-only now", "err_offset_only_now_us"),
                number("%12s", "off-only ltr", "err_offset_only_later_us"), number("%10s", "drift ppm", "drift_error_ppm"));
        return sb.toString();
    }
}
