package dev.nbc.bench.model;

import dev.nbc.models.assessment.AssessedModel;
import dev.nbc.models.assessment.Estimate;
import dev.nbc.models.assessment.hockney.HockneyEstimate;
import dev.nbc.models.assessment.netgauge.GapRegion;
import dev.nbc.models.assessment.plogp.PLogPEstimate;
import dev.nbc.models.prediction.Prediction;

import java.util.List;
import java.util.Locale;

/** Human-readable renderings of assessed models and predictions (the model file has everything). */
public final class ModelText {
    private ModelText() {
    }

    public static String describe(AssessedModel m) {
        StringBuilder sb = new StringBuilder();
        var p = m.provenance();
        sb.append(String.format(Locale.ROOT, "model of %s (%s), Open MPI %s, on %s (%s, %d cores), %s%n", p.transport(),
                p.network(), p.openMpiVersion(), p.host(), p.cpu(), p.cores(), p.date()));
        sb.append(String.format(Locale.ROOT, "sizes %d..%d B (%d), n = %d, %d repetitions per timing%n",
                m.data().sizes().get(0).bytes(), m.data().sizes().get(m.data().sizes().size() - 1).bytes(),
                m.data().sizes().size(), m.data().n(), m.data().repetitions()));
        sb.append("\nLogGP (Netgauge PRTT method)\n");
        var e = m.loggp();
        line(sb, "L", e.latency(), "us");
        line(sb, "L (Netgauge)", e.latencyNetgauge(), "us");
        line(sb, "o_s", e.sendOverhead(), "us");
        line(sb, "o_r", e.receiveOverhead(), "us");
        for (GapRegion r : e.regions()) {
            sb.append(String.format(Locale.ROOT, "  region %d..%d B%n", r.fromBytes(), r.toBytes()));
            line(sb, "  g", r.g(), "us");
            line(sb, "  G", r.G(), "ns/B");
        }
        sb.append(String.format(Locale.ROOT, "  %-14s %10.4f ns/B%n", "gamma", e.gamma()));
        if (e.perByteOverhead() != null) {
            var probe = m.data().cpuPerByte();
            line(sb, "O (LogGOPS)", e.perByteOverhead(), "ns/B");
            sb.append(String.format(Locale.ROOT, "  %-14s a computation of %.1f ms took %.3f / %.3f ms longer (ranks 0 / 1) "
                    + "while %d x %d B moved each way%s%n", "", probe.computationNanos() / 1e6, probe.stretch().get(0).median() / 1e6,
                    probe.stretch().get(1).median() / 1e6, probe.messages(), probe.messageBytes(),
                    probe.late() > 0 ? "; " + probe.late() + " exchanges ended after it" : ""));
        }
        PLogPEstimate pl = m.plogp();
        sb.append("\npLogP (Kielmann)\n");
        line(sb, "o_s(min)", pl.sendOverhead(), "us");
        line(sb, "o_r(min)", pl.receiveOverhead(), "us");
        line(sb, "o_s per byte", pl.sendPerByte(), "ns/B");
        line(sb, "o_r per byte", pl.receivePerByte(), "ns/B");
        HockneyEstimate h = m.hockney();
        sb.append("\nHockney (one-way time = alpha + beta m)\n");
        line(sb, "alpha", h.alpha(), "us");
        line(sb, "beta", h.beta(), "ns/B");
        for (HockneyEstimate.Region r : h.regions()) {
            sb.append(String.format(Locale.ROOT, "  region %d..%d B: alpha %.3f us, beta %.5f ns/B (R^2 %.4f)%n", r.fromBytes(),
                    r.toBytes(), r.alpha().value() / 1e3, r.beta().value(), r.beta().rSquared()));
        }
        sb.append(String.format(Locale.ROOT, "%n%10s %12s %12s %12s %10s %10s %10s%n", "bytes", "PRTT(1,0)us", "PRTT(n,0)us",
                "PRTT(n,d)us", "T(s) us", "o_s us", "o_r us"));
        for (PLogPEstimate.Row r : pl.table()) {
            var s = m.data().sizes().stream().filter(x -> x.bytes() == r.bytes()).findFirst().orElseThrow();
            sb.append(String.format(Locale.ROOT, "%10d %12.2f %12.2f %12.2f %10.3f %10.3f %10.3f%n", r.bytes(),
                    s.prtt1().median() / 1e3, s.prttN().median() / 1e3, s.prttNDelayed().median() / 1e3, r.gap() / 1e3,
                    r.sendOverhead() / 1e3, r.receiveOverhead() / 1e3));
        }
        return sb.toString();
    }

    /** One estimate: value, interval, fit quality. Times are printed in us, per-byte values in ns/B. */
    private static void line(StringBuilder sb, String name, Estimate e, String unit) {
        double scale = unit.equals("us") ? 1e-3 : 1;
        String quality = Double.isNaN(e.rSquared())
                ? String.format(Locale.ROOT, "rel. IQR %.3f", e.relativeRms())
                : String.format(Locale.ROOT, "R^2 %.5f, rel. RMS %.4f, %d points", e.rSquared(), e.relativeRms(), e.points());
        sb.append(String.format(Locale.ROOT, "  %-14s %10.4f %-4s  %s [%.4f, %.4f]  %s%n", name, e.value() * scale, unit,
                e.interval(), e.low() * scale, e.high() * scale, quality));
    }

    public static String predictions(List<Prediction> predictions) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-10s %-20s %4s %9s %11s %9s %9s %11s %9s%n",
                "collective", "algorithm", "P", "bytes", "time us", "CPU share", "overlap", "eq. time us", "eq. ovl"));
        for (Prediction p : predictions) {
            sb.append(String.format(Locale.ROOT, "%-10s %-20s %4d %9d %11.2f %9.3f %9.3f %11.2f %9.3f%n",
                    p.collective().label(), p.algorithm().name().toLowerCase(Locale.ROOT), p.processes(), p.bytes(),
                    p.time() / 1e3, p.cpuShare(), p.overlapPotential(), p.equations().total() / 1e3,
                    p.equations().overlapPotential()));
        }
        return sb.toString();
    }
}
