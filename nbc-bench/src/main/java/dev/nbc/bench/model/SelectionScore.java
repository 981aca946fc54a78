package dev.nbc.bench.model;

import dev.nbc.bench.report.Results;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How well an algorithm choice matches the measurements: per point of a
 * grid (collective, P, size), every candidate algorithm's measured time, the model's pick
 * ({@code ModelAdvisor}) and the fixed thresholds' pick ({@code AlgorithmSelector.defaults()});
 * a pick "hits" if its measured time is within {@link #TOLERANCE} of the fastest measured.
 * Points where the collective has a single candidate are shown but not counted: there is no
 * choice to get right.
 */
public final class SelectionScore {
    /** A pick within this fraction of the fastest measured time counts as a hit. */
    public static final double TOLERANCE = 0.10;

    /**
     * One point of the grid.
     *
     * @param measured   every candidate's measured time (ns), in the candidates' order
     * @param model      the model's pick
     * @param thresholds the size thresholds' pick
     */
    public record Point(String setting, Collective collective, int processes, long bytes, Map<Algorithm, Double> measured,
                        Algorithm model, Algorithm thresholds) {
        public Point {
            measured = new LinkedHashMap<>(measured);
            if (!measured.containsKey(model) || !measured.containsKey(thresholds)) {
                throw new IllegalArgumentException("measured: must hold the model's pick " + model.name()
                        + " and the thresholds' " + thresholds.name() + ", has " + measured.keySet());
            }
        }

        public boolean hasChoice() {
            return measured.size() > 1;
        }

        public Algorithm fastest() {
            return measured.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow().getKey();
        }

        /** {@code algorithm}'s measured time as a multiple of the fastest's. */
        public double ratio(Algorithm algorithm) {
            return measured.get(algorithm) / measured.get(fastest());
        }

        public boolean modelHits() {
            return ratio(model) <= 1 + TOLERANCE;
        }

        public boolean thresholdsHit() {
            return ratio(thresholds) <= 1 + TOLERANCE;
        }

        /** The model's pick measured faster than the thresholds' by more than the tolerance. */
        public boolean modelBeatsThresholds() {
            return measured.get(model) * (1 + TOLERANCE) < measured.get(thresholds);
        }

        /** The thresholds' pick measured faster than the model's by more than the tolerance. */
        public boolean thresholdsBeatModel() {
            return measured.get(thresholds) * (1 + TOLERANCE) < measured.get(model);
        }
    }

    private final List<Point> points = new ArrayList<>();

    public void add(Point point) {
        points.add(point);
    }

    public List<Point> points() {
        return List.copyOf(points);
    }

    /** Rows "selection" into {@code results}, one per point. */
    public void record(Results results) {
        for (Point p : points) {
            StringBuilder all = new StringBuilder();
            p.measured().forEach((a, nanos) -> all.append(all.isEmpty() ? "" : " ").append(label(a)).append('=')
                    .append(String.format(Locale.ROOT, "%.1f", nanos / 1e3)));
            results.add("selection", new SelectionRow(p.setting(), p.collective().label(), p.processes(), p.bytes(), label(p.fastest()),
                    p.measured().get(p.fastest()) / 1e3, label(p.model()), p.ratio(p.model()), label(p.thresholds()),
                    p.ratio(p.thresholds()), p.hasChoice(), p.modelHits(), p.thresholdsHit(), all.toString()));
        }
    }

    /** One line per point: the fastest, the two picks as multiples of it ('ok' within the tolerance). */
    public String table() {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-8s %-20s %3s %9s  %-19s %9s  %-19s %7s     %-19s %7s%n",
                "setting", "collective", "P", "bytes", "fastest", "us", "model", "x", "thresholds", "x"));
        for (Point p : points) {
            sb.append(String.format(Locale.ROOT, "%-8s %-20s %3d %9d  %-19s %9.1f  %-19s %7.2f %-3s %-19s %7.2f %s%n",
                    p.setting(), p.collective().label(), p.processes(), p.bytes(), label(p.fastest()),
                    p.measured().get(p.fastest()) / 1e3, label(p.model()), p.ratio(p.model()), mark(p, p.modelHits()),
                    label(p.thresholds()), p.ratio(p.thresholds()), mark(p, p.thresholdsHit())));
        }
        return sb.toString();
    }

    /** The tally over the points with a choice. */
    public String headline() {
        List<Point> counted = points.stream().filter(Point::hasChoice).toList();
        long model = counted.stream().filter(Point::modelHits).count();
        long thresholds = counted.stream().filter(Point::thresholdsHit).count();
        long better = counted.stream().filter(Point::modelBeatsThresholds).count();
        long worse = counted.stream().filter(Point::thresholdsBeatModel).count();
        return String.format(Locale.ROOT, "HEADLINE selection: the model's pick within %.0f %% of the fastest measured at %d of %d points"
                        + " with a choice (%s), the thresholds' at %d (%s); the model's pick faster than the thresholds' by more"
                        + " than %.0f %% at %d points, slower at %d",
                100 * TOLERANCE, model, counted.size(), percent(model, counted.size()), thresholds,
                percent(thresholds, counted.size()), 100 * TOLERANCE, better, worse);
    }

    private static String mark(Point p, boolean hit) {
        return !p.hasChoice() ? "-" : hit ? "ok" : "";
    }

    private static String percent(long part, int whole) {
        return whole == 0 ? "n/a" : String.format(Locale.ROOT, "%.0f %%", 100.0 * part / whole);
    }

    private static String label(Algorithm a) {
        return a.name().toLowerCase(Locale.ROOT);
    }
}
