package dev.nbc.bench.jitter;

import dev.nbc.bench.report.PlotWriter;
import dev.nbc.bench.report.Plots;
import dev.nbc.bench.report.ReportSection;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The rows of {@code jitter simulate}: slowdown versus the number of tasks, a line per start mode and work (the paper's Figs. 7-10). */
public final class JitterSection implements ReportSection {
    public static final String NAME = "jitter";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void summarize(List<Map<String, Object>> rows, StringBuilder summary) {
        summary.append(String.format(Locale.ROOT, "%-14s %10s %10s %12s %10s %14s %14s%n", "mode", "work us", "coverage", "tasks",
                "slowdown %", "phase us", "wasted us"));
        for (Map<String, Object> r : rows) {
            summary.append(String.format(Locale.ROOT, "%-14s %10.1f %10.4g %12d %10.2f %14.2f %14.2f%n", r.get(SimulationRow.MODE),
                    r.get(SimulationRow.WORK_US), r.get(SimulationRow.COVERAGE), r.get(SimulationRow.TASKS),
                    r.get(SimulationRow.SLOWDOWN_PCT), r.get("phase_us"), r.get("wasted_us")));
        }
    }

    @Override
    public void plot(List<Map<String, Object>> rows, PlotWriter plots) throws IOException {
        boolean severalWorks = PlotWriter.distinct(rows, SimulationRow.WORK_US).size() > 1;
        boolean severalCoverages = PlotWriter.distinct(rows, SimulationRow.COVERAGE).size() > 1;
        plots.save(Plots.chart(new Plots.Spec("Slowdown from OS noise versus tasks", "tasks", "slowdown (%)", true, false), rows,
                r -> true, r -> r.get(SimulationRow.MODE) + (severalWorks ? ", W = " + r.get(SimulationRow.WORK_US) + " us" : "")
                        + (severalCoverages ? String.format(Locale.ROOT, ", coverage %.3g", (Double) r.get(SimulationRow.COVERAGE)) : ""),
                SimulationRow.TASKS, SimulationRow.SLOWDOWN_PCT), "slowdown");
    }

    @Override
    public List<String> plotNames() {
        return List.of("slowdown");
    }
}
