package dev.nbc.examples.gauss;

import dev.nbc.harness.cli.ResultFiles;
import dev.nbc.models.files.InputFiles;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The timing grid as a table (one line per n and P: each variant's median time and the speedups
 * of look-ahead and column over blocking), as CSV (one line per point) and as a PNG plot.
 */
final class GaussReport {
    static final String CSV_HEADER = "transport,system,n,P,variant,repeat,median_ms,min_ms,speedup_vs_blocking,broadcasts_per_rank,"
            + "scaled_residual,residual_bound,diff_vs_sequential,same_on_all_ranks,correct,loggp_ms";
    private static final String CSV_KIND = "a CSV file written by this program's --csv";
    /** Bound of a point's time read back, ms: 11.6 days, far beyond any run's. */
    private static final double MAX_MILLIS = 1e9;
    /** Bound of a residual or difference read back: finite, and beyond any solve that is not garbage. */
    private static final double MAX_ERROR = 1e300;
    private final List<GaussMain.Measurement> points;
    private final List<Variant> variants;
    private final LogGPPrediction model;

    GaussReport(List<GaussMain.Measurement> points, List<Variant> variants, LogGPPrediction model) {
        this.points = points;
        this.variants = variants;
        this.model = model;
    }

    private static Optional<GaussMain.Measurement> find(List<GaussMain.Measurement> points, int n, int p, Variant v) {
        return points.stream().filter(m -> m.n() == n && m.ranks() == p && m.variant() == v).findFirst();
    }

    private static double speedup(List<GaussMain.Measurement> points, GaussMain.Measurement m) {
        return find(points, m.n(), m.ranks(), Variant.BLOCKING).map(b -> b.medianMillis() / m.medianMillis()).orElse(Double.NaN);
    }

    void print(PrintStream out) {
        if (points.isEmpty()) {
            return;
        }
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-6s %-3s", "n", "P"));
        for (Variant v : variants) {
            head.append(String.format(Locale.ROOT, " %12s", v.label() + " ms"));
        }
        for (Variant v : variants) {
            if (v != Variant.BLOCKING && variants.contains(Variant.BLOCKING)) {
                head.append(String.format(Locale.ROOT, " %11s", "x " + v.label()));
            }
        }
        if (model != null) {
            for (Variant v : variants) {
                head.append(String.format(Locale.ROOT, " %16s", "LogGP " + v.label()));
            }
        }
        out.println("median solve time (slowest rank), " + points.get(0).transport() + "; speedup = blocking / variant"
                + (model != null ? "; LogGP = prediction in ms from equations (3) and (6) (see LogGPPrediction)" : ""));
        out.println(head);
        for (int n : new TreeSet<>(points.stream().map(GaussMain.Measurement::n).toList())) {
            for (int p : new TreeSet<>(points.stream().map(GaussMain.Measurement::ranks).toList())) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-6d %-3d", n, p));
                boolean any = false;
                for (Variant v : variants) {
                    Optional<GaussMain.Measurement> m = find(points, n, p, v);
                    any |= m.isPresent();
                    line.append(m.map(x -> String.format(Locale.ROOT, " %12.1f", x.medianMillis())).orElse(String.format(" %12s", "-")));
                }
                if (!any) {
                    continue;
                }
                for (Variant v : variants) {
                    if (v != Variant.BLOCKING && variants.contains(Variant.BLOCKING)) {
                        line.append(find(points, n, p, v).map(x -> String.format(Locale.ROOT, " %10.2fx", speedup(points, x)))
                                .orElse(String.format(" %11s", "-")));
                    }
                }
                if (model != null) {
                    for (Variant v : variants) {
                        line.append(String.format(Locale.ROOT, " %16.1f", model.nanos(v, n, p) / 1e6));
                    }
                }
                out.println(line);
            }
        }
    }

    /** The points as CSV, one line each (read back by {@link #readCsv}). */
    static String csv(List<GaussMain.Measurement> points, LogGPPrediction model) {
        StringWriter text = new StringWriter();
        try (PrintWriter w = new PrintWriter(text)) {
            w.println(CSV_HEADER);
            for (GaussMain.Measurement m : points) {
                w.println(String.format(Locale.ROOT, "\"%s\",%s,%d,%d,%s,%d,%.3f,%.3f,%.3f,%d,%.3e,%.1e,%.3e,%s,%s,%s",
                        m.transport(), m.system(), m.n(), m.ranks(), m.variant().label(), m.millis().length, m.medianMillis(),
                        m.minMillis(), speedup(points, m), m.broadcasts(), m.residual(), m.n() * 1e-14,
                        m.differenceFromSequential(), m.sameOnAllRanks(), m.correct(),
                        model == null ? "" : String.format(Locale.ROOT, "%.3f", model.nanos(m.variant(), m.n(), m.ranks()) / 1e6)));
            }
        }
        return text.toString();
    }

    /**
     * Points written by {@link #csv} (the median as the only time); the model column is
     * dropped, the correctness columns kept. A bad file is refused in one line naming the file, the
     * line and column, and the rule ({@link InputFiles}).
     */
    static List<GaussMain.Measurement> readCsv(List<Path> files) {
        List<GaussMain.Measurement> points = new ArrayList<>();
        for (Path file : files) {
            List<String> lines = InputFiles.lines(file, CSV_KIND);
            if (!lines.get(0).equals(CSV_HEADER)) {
                throw InputFiles.refusal(file, 1, "expected the header " + CSV_HEADER + ", got '" + lines.get(0) + "'");
            }
            String[] columns = CSV_HEADER.split(",");
            for (int number = 2; number <= lines.size(); number++) {
                String[] f = lines.get(number - 1).split(",", -1);
                if (f.length != columns.length) {
                    throw InputFiles.refusal(file, number, "expected " + columns.length + " columns (" + CSV_HEADER + "), got " + f.length);
                }
                int line = number;
                Variant variant;
                try {
                    variant = Variant.parse(f[4]);
                } catch (IllegalArgumentException e) {
                    throw InputFiles.refusal(file, line, columns[4] + ": " + e.getMessage());
                }
                points.add(new GaussMain.Measurement(f[0].replace("\"", ""), f[1], (int) whole(file, line, columns[2], f[2], 1, Integer.MAX_VALUE),
                        (int) whole(file, line, columns[3], f[3], 1, Integer.MAX_VALUE), variant,
                        new double[] {InputFiles.number(file, line, columns[6], f[6], 0, MAX_MILLIS)},
                        error(file, line, columns[10], f[10]), Double.NaN, error(file, line, columns[12], f[12]),
                        bool(file, line, columns[13], f[13]), whole(file, line, columns[9], f[9], 0, Long.MAX_VALUE)));
            }
        }
        return points;
    }

    /** A whole number from {@code min} to {@code max}, refused in {@link InputFiles#number}'s words. */
    private static long whole(Path file, int line, String column, String text, long min, long max) {
        try {
            long value = Long.parseLong(text);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException notWhole) {
            // refused below, in the same words as a value out of range
        }
        throw InputFiles.refusal(file, line, column + " must be a whole number from " + min + " to " + max + ", but was '" + text + "'");
    }

    /** A residual or difference: NaN when the run did not compute it, else a number of at least 0. */
    private static double error(Path file, int line, String column, String text) {
        return text.equals("NaN") ? Double.NaN : InputFiles.number(file, line, column, text, 0, MAX_ERROR);
    }

    private static boolean bool(Path file, int line, String column, String text) {
        if (!text.equals("true") && !text.equals("false")) {
            throw InputFiles.refusal(file, line, column + " must be true or false, but was '" + text + "'");
        }
        return Boolean.parseBoolean(text);
    }

    /** The PNG: left, time over n (log-log), one line per variant and P; right, speedup over blocking. */
    static ResultFiles.Content plot(List<GaussMain.Measurement> points, List<Variant> variants, String title) {
        System.setProperty("java.awt.headless", "true");
        XYChart time = new XYChartBuilder().width(800).height(560).title("Gaussian elimination, " + title)
                .xAxisTitle("n").yAxisTitle("median solve time [ms]").build();
        time.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true);
        XYChart speed = new XYChartBuilder().width(800).height(560).title("speedup over blocking (Listing 2)")
                .xAxisTitle("n").yAxisTitle("t(blocking) / t(variant)").build();
        speed.getStyler().setXAxisLogarithmic(true);
        for (int p : new TreeSet<>(points.stream().map(GaussMain.Measurement::ranks).toList())) {
            for (Variant v : variants) {
                List<Double> ns = new ArrayList<>();
                List<Double> ms = new ArrayList<>();
                List<Double> sp = new ArrayList<>();
                points.stream().filter(m -> m.ranks() == p && m.variant() == v)
                        .sorted((a, b) -> Integer.compare(a.n(), b.n())).forEach(m -> {
                            ns.add((double) m.n());
                            ms.add(m.medianMillis());
                            sp.add(speedup(points, m));
                        });
                if (ns.isEmpty()) {
                    continue;
                }
                String name = v.label() + " P=" + p;
                time.addSeries(name, ns, ms).setMarker(SeriesMarkers.CIRCLE);
                if (v != Variant.BLOCKING && sp.stream().noneMatch(d -> d.isNaN())) {
                    speed.addSeries(name, ns, sp).setMarker(SeriesMarkers.CIRCLE);
                }
            }
        }
        List<XYChart> charts = new ArrayList<>(List.of(time));
        if (!speed.getSeriesMap().isEmpty()) {
            charts.add(speed);
        }
        return out -> BitmapEncoder.saveBitmap(charts, 1, charts.size(), out, BitmapEncoder.BitmapFormat.PNG);
    }
}
