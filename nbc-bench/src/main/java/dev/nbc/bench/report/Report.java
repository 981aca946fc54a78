package dev.nbc.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Writes a run's results into a directory: {@code <name>.csv}, {@code <name>.json}, PNG + SVG plots
 * per sweep, and {@code <name>-summary.txt}; every file atomically.
 */
public final class Report {
    private Report() {
    }

    public static List<Path> write(Results results, Path dir, String name) throws IOException {
        List<Path> files = new ArrayList<>();
        Path csv = dir.resolve(name + ".csv");
        CsvWriter.write(csv, results.rows());
        files.add(csv);
        Path json = dir.resolve(name + ".json");
        JsonWriter.write(json, results.run(), results.rows());
        files.add(json);
        files.addAll(plots(results, dir, name));
        Path summary = dir.resolve(name + "-summary.txt");
        AtomicFiles.writeString(summary, summary(results));
        files.add(summary);
        return files;
    }

    static String s(Object o) {
        return String.valueOf(o);
    }

    private static List<Path> plots(Results results, Path dir, String name) throws IOException {
        List<Path> out = new ArrayList<>();
        List<Map<String, Object>> overhead = results.rows("overhead");
        if (!overhead.isEmpty()) {
            int maxP = overhead.stream().mapToInt(r -> ((Number) r.get("P")).intValue()).max().orElse(1);
            int bigBytes = overhead.stream().filter(r -> !"barrier".equals(r.get("collective")))
                    .mapToInt(r -> ((Number) r.get("bytes")).intValue()).max().orElse(0);
            out.addAll(Plots.save(Plots.chart(new Plots.Spec("CPU share of blocking collectives vs P (" + bigBytes
                            + " B; barrier: 0 B)", "P", "CPU share (thread + progress thread)", false, false), overhead,
                    r -> "barrier".equals(r.get("collective")) || Objects.equals(r.get("bytes"), bigBytes),
                    r -> r.get("variant") + " " + r.get("collective"), "P", "cpu_share"), dir.resolve(name + "-overhead-cpu-vs-P")));
            out.addAll(Plots.save(Plots.chart(new Plots.Spec("CPU share vs message size (P=" + maxP + ")", "bytes",
                            "CPU share (thread + progress thread)", true, false), overhead,
                    r -> Objects.equals(r.get("P"), maxP) && !"barrier".equals(r.get("collective")),
                    r -> r.get("variant") + " " + r.get("collective"), "bytes", "cpu_share"), dir.resolve(name + "-overhead-cpu-vs-size")));
            out.addAll(Plots.save(Plots.chart(new Plots.Spec("Process CPU share (/proc utime+stime) vs size (P=" + maxP + ")",
                            "bytes", "CPU share (process)", true, false), overhead,
                    r -> Objects.equals(r.get("P"), maxP) && !"barrier".equals(r.get("collective")),
                    r -> r.get("variant") + " " + r.get("collective"), "bytes", "proc_cpu_share"), dir.resolve(name + "-overhead-proccpu-vs-size")));
            out.addAll(Plots.save(Plots.chart(new Plots.Spec("Absolute idle time per collective vs P (" + bigBytes + " B)",
                            "P", "idle time per collective (us)", false, true), overhead,
                    r -> "barrier".equals(r.get("collective")) || Objects.equals(r.get("bytes"), bigBytes),
                    r -> r.get("variant") + " " + r.get("collective"), "P", "idle_us_per_op"), dir.resolve(name + "-overhead-idle-vs-P")));
            out.addAll(Plots.save(Plots.chart(new Plots.Spec("Absolute idle time per collective vs size (P=" + maxP + ")",
                            "bytes", "idle time per collective (us)", true, true), overhead,
                    r -> Objects.equals(r.get("P"), maxP) && !"barrier".equals(r.get("collective")),
                    r -> r.get("variant") + " " + r.get("collective"), "bytes", "idle_us_per_op"), dir.resolve(name + "-overhead-idle-vs-size")));
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
            out.addAll(Plots.save(Plots.chart(new Plots.Spec("Overlap of i" + c + " vs size (P=" + overlap.get(0).get("P")
                            + ", " + overlap.get(0).get("transport") + ")", "bytes", "overlap (%)", true, false), series,
                    r -> true, r -> s(r.get("series")), "bytes", "y"), dir.resolve(name + "-overlap-" + c)));
        }
        List<Map<String, Object>> latency = results.rows("latency");
        for (String c : distinct(latency, "collective")) {
            if (c.equals("barrier")) {
                continue;
            }
            out.addAll(Plots.save(Plots.chart(new Plots.Spec("Latency of " + c + " (median; window: max over ranks)", "bytes",
                            "latency (us)", true, true), latency,
                    r -> c.equals(r.get("collective")) && ("max".equals(r.get("reduction")) || !"window".equals(r.get("scheme"))),
                    r -> r.get("variant") + " " + r.get("scheme"), "bytes", "median_us"), dir.resolve(name + "-latency-" + c)));
        }
        List<Map<String, Object>> sync = results.rows("sync");
        if (!sync.isEmpty()) {
            out.addAll(Plots.save(Plots.chart(new Plots.Spec("Group clock synchronisation time", "P", "time (us)", false, true),
                    sync, r -> true, r -> s(r.get("scheme")), "P", "sync_time_us"), dir.resolve(name + "-sync-time")));
            List<Map<String, Object>> err = new ArrayList<>();
            for (Map<String, Object> r : sync) {
                err.add(point(r, r.get("scheme") + " offset+drift, now", r.get("err_drift_model_now_us")));
                err.add(point(r, r.get("scheme") + " offset+drift, later", r.get("err_drift_model_later_us")));
                err.add(point(r, r.get("scheme") + " offset only, later", r.get("err_offset_only_later_us")));
            }
            out.addAll(Plots.save(Plots.chart(new Plots.Spec("Synchronisation error (max over ranks)", "P", "|error| (us)", false, true),
                    err, r -> true, r -> s(r.get("series")), "P", "y"), dir.resolve(name + "-sync-error")));
        }
        return out;
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

    /** A short text summary: a table per benchmark. */
    public static String summary(Results results) {
        StringBuilder sb = new StringBuilder();
        Map<String, Object> run = results.run();
        sb.append(String.format(Locale.ROOT, "nbc-bench %s  transport=%s network=%s P_max=%s  %s  git %s  %s%n", run.get("command"),
                run.get("transport"), run.get("network"), run.get("P_max"), run.get("ompi_version"), run.get("git_commit"), run.get("date")));
        List<Map<String, Object>> overhead = results.rows("overhead");
        if (!overhead.isEmpty()) {
            sb.append("\nOVERHEAD (blocking; CPU share = (thread + progress thread CPU) / wall; idle = wall - CPU per op)\n");
            sb.append(String.format("%-3s %-11s %-10s %9s %10s %7s %7s %7s %9s%n", "P", "variant", "collective", "bytes", "t/op us",
                    "cpu", "progr", "proc", "idle us"));
            for (Map<String, Object> r : overhead) {
                sb.append(String.format("%-3s %-11s %-10s %9s %10s %7s %7s %7s %9s%n", r.get("P"), r.get("variant"), r.get("collective"),
                        r.get("bytes"), num(r.get("time_per_op_us")), num(r.get("cpu_share")), num(r.get("progress_cpu_share")),
                        num(r.get("proc_cpu_share")), num(r.get("idle_us_per_op"))));
            }
        }
        List<Map<String, Object>> overlap = results.rows("overlap");
        if (!overlap.isEmpty()) {
            sb.append("\nOVERLAP (% ; OSU = max(0,100(1-(overall-compute)/pure)), IMB = 100 max(0,min(1,(pure+compute-overall)/min(pure,compute))))\n");
            sb.append(String.format("%-3s %-11s %-10s %9s %9s %9s %6s %6s %6s %6s %6s%n", "P", "variant", "collective", "bytes",
                    "pure us", "ovrl us", "OSU", "IMB", "limit", "LgGPs", "LgGPe"));
            for (Map<String, Object> r : overlap) {
                sb.append(String.format("%-3s %-11s %-10s %9s %9s %9s %6s %6s %6s %6s %6s%n", r.get("P"), r.get("variant"),
                        r.get("collective"), r.get("bytes"), num(r.get("pure_us")), num(r.get("overall_us")),
                        num(r.get("overlap_osu_pct")), num(r.get("overlap_imb_pct")), num(r.get("physical_limit_pct")),
                        num(r.get("loggp_sim_overlap_pct")), num(r.get("loggp_eq_overlap_pct"))));
            }
        }
        List<Map<String, Object>> latency = results.rows("latency");
        if (!latency.isEmpty()) {
            sb.append("\nLATENCY (us, median; window scheme per reduction, naive schemes for contrast)\n");
            sb.append(String.format("%-3s %-11s %-10s %9s %-17s %-13s %9s %9s %9s %6s%n", "P", "variant", "collective", "bytes",
                    "scheme", "reduction", "median", "q10", "q90", "valid"));
            for (Map<String, Object> r : latency) {
                sb.append(String.format("%-3s %-11s %-10s %9s %-17s %-13s %9s %9s %9s %6s%n", r.get("P"), r.get("variant"),
                        r.get("collective"), r.get("bytes"), r.get("scheme"), r.get("reduction"), num(r.get("median_us")),
                        num(r.get("q10_us")), num(r.get("q90_us")), r.get("valid") == null ? "-" : r.get("valid") + "/" + r.get("repetitions")));
            }
        }
        List<Map<String, Object>> tail = results.rows("tail");
        if (!tail.isEmpty()) {
            sb.append("\nBACK-TO-BACK TAIL (us, per-iteration max over ranks; x ompi = multiple of Open MPI's in this run)\n");
            sb.append(String.format("%-3s %-11s %-10s %7s %8s %8s %9s %9s %9s %9s %8s %8s%n", "P", "variant", "collective", "bytes",
                    "p50", "p90", "p99", "p99.9", "mean", "max", "mean x", "p99 x"));
            for (Map<String, Object> r : tail) {
                sb.append(String.format("%-3s %-11s %-10s %7s %8s %8s %9s %9s %9s %9s %8s %8s%n", r.get("P"), r.get("variant"),
                        r.get("collective"), r.get("bytes"), num(r.get("p50_us")), num(r.get("p90_us")), num(r.get("p99_us")),
                        num(r.get("p999_us")), num(r.get("mean_us")), num(r.get("max_us")), num(r.get("mean_vs_ompi")),
                        num(r.get("p99_vs_ompi"))));
            }
        }
        List<Map<String, Object>> sync = results.rows("sync");
        if (!sync.isEmpty()) {
            sb.append("\nSYNC (time at rank 0; error = max over ranks of |global estimate - rank 0's clock|, us)\n");
            sb.append(String.format("%-3s %-7s %5s %10s %12s %12s %12s %12s %10s%n", "P", "scheme", "steps", "time us",
                    "err now", "err later", "off-only now", "off-only ltr", "drift ppm"));
            for (Map<String, Object> r : sync) {
                sb.append(String.format("%-3s %-7s %5s %10s %12s %12s %12s %12s %10s%n", r.get("P"), r.get("scheme"), r.get("steps"),
                        num(r.get("sync_time_us")), num(r.get("err_drift_model_now_us")), num(r.get("err_drift_model_later_us")),
                        num(r.get("err_offset_only_now_us")), num(r.get("err_offset_only_later_us")), num(r.get("drift_error_ppm"))));
            }
        }
        return sb.toString();
    }
}
