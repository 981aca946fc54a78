package dev.nbc.bench.netgauge;

import dev.nbc.bench.netgauge.pattern.Rows;
import dev.nbc.bench.report.PlotWriter;
import dev.nbc.bench.report.Plots;
import dev.nbc.bench.report.ReportSection;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The report of a netgauge run: a table of its rows and, for the time patterns, latency and
 * bandwidth against size (a series per number of peers), and for n:1 and 1:n the time per round
 * against the number of clients (a series per size).
 */
final class NetgaugeSection implements ReportSection {
    /** The rows' benchmark column. */
    static final String NAME = "netgauge";
    private static final List<String> PLOTS = List.of("latency", "bandwidth", "clients");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void summarize(List<Map<String, Object>> rows, StringBuilder summary) {
        boolean parameters = rows.get(0).containsKey(Rows.PARAMETER);
        if (parameters) {
            summary.append(String.format(Locale.ROOT, "%-8s %-10s %-12s %10s %14s%n", "pattern", "module", "parameter", "from B", "value"));
            for (Map<String, Object> r : rows) {
                summary.append(String.format(Locale.ROOT, "%-8s %-10s %-12s %10s %14.4f %s%n", r.get(Rows.PATTERN), r.get(Rows.MODULE),
                        r.get(Rows.PARAMETER), r.get(Rows.BYTES), (Double) r.get(Rows.VALUE), r.get(Rows.UNIT)));
            }
            return;
        }
        boolean overlap = rows.get(0).containsKey(Rows.OVERLAP_PCT);
        boolean predicted = rows.get(0).containsKey(Rows.PREDICTED_US);
        summary.append(String.format(Locale.ROOT, "%-8s %-10s %5s %10s %7s %12s %12s %12s %12s %12s%s%s%n", "pattern", "module", "peers",
                "bytes", "rounds", "median us", "mean us", "p99 us", "MiB/s", "all MiB/s", overlap ? "  overlap %" : "    lost",
                predicted ? "  predicted us  error %" : ""));
        for (Map<String, Object> r : rows) {
            summary.append(String.format(Locale.ROOT, "%-8s %-10s %5s %10s %7s %12.2f %12.2f %12.2f %12.1f %12.1f%s%s%n",
                    r.get(Rows.PATTERN), r.get(Rows.MODULE), r.get(Rows.PEERS), r.get(Rows.BYTES), r.get(Rows.ROUNDS),
                    (Double) r.get(Rows.TIME_US), (Double) r.get(Rows.TIME_MEAN_US), (Double) r.get(Rows.TIME_P99_US),
                    (Double) r.get(Rows.BANDWIDTH_MIB_S), (Double) r.get(Rows.AGGREGATE_MIB_S),
                    overlap ? String.format(Locale.ROOT, "  %9.1f", (Double) r.get(Rows.OVERLAP_PCT))
                            : String.format(Locale.ROOT, "  %6s", r.get(Rows.LOST)),
                    r.containsKey(Rows.PREDICTED_US) ? String.format(Locale.ROOT, "  %12.2f %8.1f", (Double) r.get(Rows.PREDICTED_US),
                            (Double) r.get(Rows.ERROR_PCT)) : ""));
        }
    }

    @Override
    public void plot(List<Map<String, Object>> rows, PlotWriter plots) throws IOException {
        if (rows.get(0).containsKey(Rows.PARAMETER)) {
            return;
        }
        String title = rows.get(0).get(Rows.PATTERN) + " over " + rows.get(0).get(Rows.MODULE);
        plots.save(Plots.chart(new Plots.Spec(title + ": latency", "message size (B)", rows.get(0).get(Rows.TIMED) + " (us)", true, true),
                rows, r -> true, r -> r.get(Rows.PEERS) + " peer(s)", Rows.BYTES, Rows.TIME_US), "latency");
        plots.save(Plots.chart(new Plots.Spec(title + ": bandwidth per peer", "message size (B)", "MiB/s", true, true),
                rows, r -> true, r -> r.get(Rows.PEERS) + " peer(s)", Rows.BYTES, Rows.BANDWIDTH_MIB_S), "bandwidth");
        boolean fan = rows.stream().map(r -> r.get(Rows.PEERS)).filter(Objects::nonNull).distinct().count() > 1;
        if (fan) {
            plots.save(Plots.chart(new Plots.Spec(title + ": time per round", "clients", "round (us)", false, true),
                    rows, r -> true, r -> r.get(Rows.BYTES) + " B", Rows.PEERS, Rows.TIME_US), "clients");
        }
    }

    @Override
    public List<String> plotNames() {
        return PLOTS;
    }
}
