package dev.nbc.bench.report;

import dev.nbc.harness.cli.ResultFiles;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Line plots of a sweep, written as PNG (XChart's BitmapEncoder) and SVG (VectorGraphicsEncoder,
 * through VectorGraphics2D) among a run's {@link ResultFiles}. Series are built from result rows:
 * one line per distinct value of a key function, x and y read from columns.
 */
public final class Plots {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    private static final String PNG = ".png";
    private static final String SVG = ".svg";
    /** The files of a plot: {@code <base>.png} and {@code <base>.svg}. */
    public static final List<String> EXTENSIONS = List.of(PNG, SVG);

    private Plots() {
    }

    /** A chart's description. */
    public record Spec(String title, String xLabel, String yLabel, boolean logX, boolean logY) {
    }

    /** Builds one chart from {@code rows}: series by {@code seriesKey}, points (x, y) sorted by x; rows failing {@code filter} skipped. */
    public static XYChart chart(Spec spec, List<Map<String, Object>> rows, Predicate<Map<String, Object>> filter,
                                Function<Map<String, Object>, String> seriesKey, String xColumn, String yColumn) {
        Map<String, TreeMap<Double, Double>> series = new TreeMap<>();
        // the 95 % interval over the runs, where the rows have one, as (symmetric) error bars
        Map<String, TreeMap<Double, Double>> errors = new TreeMap<>();
        for (Map<String, Object> row : rows) {
            if (!filter.test(row)) {
                continue;
            }
            Double x = number(row.get(xColumn));
            Double y = number(row.get(yColumn));
            if (x == null || y == null || (spec.logX() && x <= 0) || (spec.logY() && y <= 0)) {
                continue;
            }
            String key = seriesKey.apply(row);
            series.computeIfAbsent(key, k -> new TreeMap<>()).put(x, y);
            Double low = number(row.get(yColumn + "_ci_low"));
            Double high = number(row.get(yColumn + "_ci_high"));
            if (low != null && high != null) {
                errors.computeIfAbsent(key, k -> new TreeMap<>()).put(x, Math.max(high - y, y - low));
            }
        }
        XYChart chart = new XYChartBuilder().width(900).height(560).title(spec.title())
                .xAxisTitle(spec.xLabel()).yAxisTitle(spec.yLabel()).build();
        chart.getStyler().setXAxisLogarithmic(spec.logX());
        chart.getStyler().setYAxisLogarithmic(spec.logY());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (Map.Entry<String, TreeMap<Double, Double>> e : series.entrySet()) {
            List<Double> xs = new ArrayList<>(e.getValue().keySet());
            List<Double> ys = new ArrayList<>(e.getValue().values());
            TreeMap<Double, Double> bars = errors.get(e.getKey());
            boolean withBars = bars != null && bars.keySet().equals(e.getValue().keySet())
                    && (!spec.logY() || xs.stream().allMatch(x -> e.getValue().get(x) - bars.get(x) > 0));
            XYSeries s = withBars ? chart.addSeries(e.getKey(), xs, ys, new ArrayList<>(bars.values()))
                    : chart.addSeries(e.getKey(), xs, ys);
            s.setMarker(SeriesMarkers.CIRCLE);
        }
        return chart;
    }

    public static Double number(Object v) {
        if (v instanceof Number n) {
            double d = n.doubleValue();
            return Double.isFinite(d) ? d : null;
        }
        return null;
    }

    /** Writes {@code base}.png and {@code base}.svg among {@code files}; empty charts are skipped. */
    public static void save(XYChart chart, Path base, ResultFiles files) throws IOException {
        if (chart.getSeriesMap().isEmpty()) {
            return;
        }
        files.write(Path.of(base + PNG), out -> BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG));
        try {
            files.write(Path.of(base + SVG), out -> VectorGraphicsEncoder.saveVectorGraphic(chart, out,
                    VectorGraphicsEncoder.VectorGraphicsFormat.SVG));
        } catch (RuntimeException | LinkageError e) {
            // the SVG encoder (VectorGraphics2D) is an extra: without it the run still has its PNGs
        }
    }
}
