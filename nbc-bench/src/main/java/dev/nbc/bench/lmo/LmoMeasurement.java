package dev.nbc.bench.lmo;

import dev.nbc.bench.latency.Stats;
import dev.nbc.bench.report.Results;
import dev.nbc.models.lmo.LmoEstimation;
import dev.nbc.models.lmo.LmoExperiments;
import dev.nbc.models.lmo.LmoParameters;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code lmo measure} reports: the estimated C_i, t_i and beta_ij, and how well the fitted
 * model reproduces each measured experiment (the LMO systems are solved per triplet and averaged,
 * so on a network that follows LMO the residuals are the measurement's noise, and large ones say
 * that it does not).
 */
final class LmoMeasurement {
    private LmoMeasurement() {
    }

    static void report(LmoExperiments e, Results results, PrintStream out) {
        LmoEstimation.Result fit = LmoEstimation.estimate(e, Double.NaN);
        LmoParameters p = fit.parameters();
        int n = p.size();
        double m = e.messageBytes();
        out.printf(Locale.ROOT, "LMO, %d processors, M = %.0f B%n%-6s %12s %12s %14s %14s%n", n, m, "rank", "C_i us", "t_i ns/B",
                "C spread us", "t spread ns/B");
        for (int i = 0; i < n; i++) {
            out.printf(Locale.ROOT, "%-6d %12.3f %12.4f %14.3f %14.4f%n", i, p.c(i) / 1e3, p.t(i), fit.cSpread()[i] / 1e3, fit.tSpread()[i]);
            results.add("lmo-processor", new LmoMeasurementRows.Processor(i, p.c(i), p.t(i), fit.cSpread()[i], fit.tSpread()[i]));
        }
        out.println("1/beta_ij, ns/B:");
        List<Double> residuals = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-6d", i));
            for (int j = 0; j < n; j++) {
                row.append(String.format(Locale.ROOT, " %9.4f", i == j ? 0.0 : p.inverseBeta(i, j)));
                if (j > i) {
                    results.add("lmo-link", new LmoMeasurementRows.Link(i, j, p.inverseBeta(i, j)));
                    residuals.add(Math.abs(p.roundtrip(i, j, 0, 0) / e.emptyRoundtrip(i, j) - 1));
                    residuals.add(Math.abs(p.roundtrip(i, j, m, 0) / e.roundtrip(i, j) - 1));
                    for (int k = j + 1; k < n; k++) {
                        residuals.add(Math.abs(p.oneToTwo(i, j, k, m) / e.oneToTwo(i, j, k) - 1));
                        residuals.add(Math.abs(p.oneToTwo(j, i, k, m) / e.oneToTwo(j, i, k) - 1));
                        residuals.add(Math.abs(p.oneToTwo(k, i, j, m) / e.oneToTwo(k, i, j) - 1));
                    }
                }
            }
            out.println(row);
        }
        double[] r = residuals.stream().mapToDouble(Double::doubleValue).toArray();
        out.printf(Locale.ROOT, "the fitted model against the %d measured experiments: median error %.1f %%, p90 %.1f %%, max %.1f %%%n",
                r.length, 100 * Stats.median(r), 100 * Stats.quantile(r, 0.9), 100 * Stats.max(r));
        results.add("lmo-fit", new LmoMeasurementRows.Fit(r.length, 100 * Stats.median(r), 100 * Stats.quantile(r, 0.9),
                100 * Stats.max(r)));
    }
}
