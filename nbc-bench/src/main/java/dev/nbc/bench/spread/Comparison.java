package dev.nbc.bench.spread;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two runs of nbc-bench side by side: every point of the first is matched with the same point of
 * the second (benchmark, P, variant, collective, bytes, scheme, reduction), and every figure that
 * has a 95 % interval in both ({@code <figure>_ci_low}, {@code _ci_high}) is compared. A figure
 * moved when the two intervals do not overlap (no value is plausible for both runs) and its median
 * changed by more than the figure's tolerance ({@code <figure>_tolerance}: 25 % of a time, 10 points
 * of a percentage; a difference the run's own spread would flag is not one to report). A point moved
 * when any of its figures did. A figure whose interval has less than 95 % coverage in either run
 * (fewer than six runs gave it a value: {@code <figure>_ci_runs}) cannot be judged and is counted
 * apart.
 */
public final class Comparison {
    private static final List<String> KEY = List.of("benchmark", "P", "variant", "collective", "bytes", "scheme", "reduction");

    /** One figure of one point in both runs. */
    public record Change(String point, String figure, MedianInterval before, MedianInterval after, double tolerance) {
        public boolean moved() {
            boolean disjoint = after.low() > before.high() || after.high() < before.low();
            return disjoint && Math.abs(after.median() - before.median()) > tolerance;
        }

        /** The second median against the first, in percent. */
        public double percent() {
            return before.median() == 0 ? Double.NaN : 100 * (after.median() - before.median()) / Math.abs(before.median());
        }
    }

    private final List<Change> changes = new ArrayList<>();
    private final Map<String, Boolean> pointMoved = new LinkedHashMap<>();
    private final List<String> unmatched = new ArrayList<>();
    private int unjudged;

    /** Compares the {@code rows} arrays of two nbc-bench JSON reports. */
    public Comparison(JsonNode before, JsonNode after) {
        Map<String, JsonNode> afterByKey = new LinkedHashMap<>();
        for (JsonNode row : after) {
            afterByKey.put(key(row), row);
        }
        for (JsonNode row : before) {
            String point = key(row);
            JsonNode other = afterByKey.get(point);
            if (other == null) {
                unmatched.add(point);
                continue;
            }
            row.fieldNames().forEachRemaining(column -> {
                if (column.endsWith(Figure.LOW)) {
                    String figure = column.substring(0, column.length() - Figure.LOW.length());
                    MedianInterval a = interval(row, figure);
                    MedianInterval b = interval(other, figure);
                    if (a != null && b != null && (a.confidence() < MedianInterval.CONFIDENCE || b.confidence() < MedianInterval.CONFIDENCE)) {
                        unjudged++;
                    } else if (a != null && b != null) {
                        JsonNode tolerance = row.get(figure + Figure.TOLERANCE);
                        Change change = new Change(point, figure, a, b, tolerance != null && tolerance.isNumber() ? tolerance.asDouble() : 0);
                        changes.add(change);
                        pointMoved.merge(point, change.moved(), Boolean::logicalOr);
                    }
                }
            });
        }
    }

    private static MedianInterval interval(JsonNode row, String figure) {
        JsonNode median = row.get(figure);
        JsonNode low = row.get(figure + Figure.LOW);
        JsonNode high = row.get(figure + Figure.HIGH);
        if (median == null || low == null || high == null || !median.isNumber() || !low.isNumber() || !high.isNumber()) {
            return null;
        }
        JsonNode runs = row.get(figure + Figure.RUNS);
        int n = runs == null ? 0 : runs.asInt();
        // rows without the count (a figure measured otherwise) are taken at their stated 95 %
        double confidence = runs == null ? MedianInterval.CONFIDENCE : MedianInterval.coverage(n);
        return new MedianInterval(median.asDouble(), low.asDouble(), high.asDouble(), n, confidence);
    }

    private static String key(JsonNode row) {
        List<String> parts = new ArrayList<>();
        for (String column : KEY) {
            JsonNode value = row.get(column);
            if (value != null && !value.isNull()) {
                parts.add(column.equals("benchmark") ? value.asText() : column + "=" + value.asText());
            }
        }
        return String.join(" ", parts);
    }

    public List<Change> changes() {
        return changes;
    }

    /** Points compared (those with at least one figure with an interval in both runs). */
    public int points() {
        return pointMoved.size();
    }

    public long movedPoints() {
        return pointMoved.values().stream().filter(m -> m).count();
    }

    /** Share of the compared points none of whose figures moved (1 with nothing compared). */
    public double withinFraction() {
        return points() == 0 ? 1 : 1 - (double) movedPoints() / points();
    }

    /** Figures left out: fewer than six runs gave them a value in one of the runs. */
    public int unjudged() {
        return unjudged;
    }

    /** Points of the first run that the second does not have. */
    public List<String> unmatched() {
        return unmatched;
    }

    /** The table of the figures that moved, and the summary line. */
    public String report() {
        StringBuilder sb = new StringBuilder();
        String format = "%-58s %-22s %24s %24s %8s%n";
        List<Change> moved = changes.stream().filter(Change::moved).toList();
        if (!moved.isEmpty()) {
            sb.append(String.format(Locale.ROOT, format, "point", "figure", "first [95% interval]", "second [95% interval]", "change"));
            for (Change c : moved) {
                sb.append(String.format(Locale.ROOT, format, c.point(), c.figure(), describe(c.before()), describe(c.after()),
                        String.format(Locale.ROOT, "%+.0f%%", c.percent())));
            }
            sb.append('\n');
        }
        sb.append(String.format(Locale.ROOT, "%d of %d points within their intervals (%.1f %%); %d of %d figures moved; "
                        + "%d figures not judged (fewer than 6 runs gave them a value); %d points of the first run not in the "
                        + "second%n", points() - movedPoints(), points(), 100 * withinFraction(), moved.size(), changes.size(), unjudged,
                unmatched.size()));
        return sb.toString();
    }

    private static String describe(MedianInterval i) {
        return String.format(Locale.ROOT, "%.3g [%.3g, %.3g]", i.median(), i.low(), i.high());
    }
}
