package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.model.ModelText;
import dev.nbc.bench.netgauge.module.Capability;
import dev.nbc.harness.cli.ResultFiles;
import dev.nbc.models.assessment.AssessedModel;
import dev.nbc.models.assessment.AssessmentData;
import dev.nbc.models.assessment.ModelFile;
import dev.nbc.models.assessment.Provenance;
import dev.nbc.models.assessment.measure.AssessmentPlan;
import dev.nbc.models.assessment.measure.AssessmentProtocol;
import dev.nbc.models.assessment.netgauge.GapRegion;
import dev.nbc.models.assessment.netgauge.LogGPEstimate;
import dev.nbc.models.assessment.plogp.PLogPEstimate;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * The model parametrisation patterns (paper section 2.4), nbc-models' assessment run over the
 * module's transport between ranks 0 and 1: {@code loggp}, Netgauge's PRTT method
 * (NetgaugeMethod), and {@code plogp}, Kielmann's o_s and o_r (PLogPMethod); one protocol measures
 * both. Both write the model file ({@code model-<module>.json}, what {@code model predict} and the
 * model-driven algorithm selection read) into the output directory. They need a reliable module
 * (a lost message would be read as a long round trip).
 */
public final class ModelAssessment implements Pattern {
    /** The protocol's tags, clear of the endpoint's. */
    private static final int FIRST_TAG = 100;

    /** The patterns' options. */
    public static final class Options {
        @Option(names = "--assessment-repetitions", paramLabel = "N",
                description = "loggp, plogp: timings per quantity and size, median kept (default 20).")
        int repetitions = 20;
    }

    private final boolean loggp;
    private final Options options;

    private ModelAssessment(boolean loggp, Options options) {
        this.loggp = loggp;
        this.options = options;
    }

    /** The two patterns, sharing one options object (their option means the same for both). */
    public static List<Pattern> both() {
        Options shared = new Options();
        return List.of(new ModelAssessment(true, shared), new ModelAssessment(false, shared));
    }

    @Override
    public Info info() {
        return new Info(loggp ? "loggp" : "plogp",
                loggp ? "LogGP by Netgauge's PRTT method (L, o_s, o_r, g and G per protocol region) between ranks 0 and 1; writes the model file"
                : "pLogP o_s(m), o_r(m), g(m) (Kielmann) between ranks 0 and 1; writes the model file",
                EnumSet.of(Capability.RELIABLE),
                2);
    }

    @Override
    public Optional<Object> options() {
        return Optional.of(options);
    }

    @Override
    public List<NetgaugeRow> run(PatternRun run) throws Exception {
        int maxBytes = Math.max(8, run.sweep().maxBytes());
        AssessmentPlan plan = AssessmentPlan.standard(maxBytes, options.repetitions);
        Optional<AssessmentData> data = AssessmentProtocol.run(run.endpoint().transport(), plan, FIRST_TAG, null);
        run.synchronize();
        if (data.isEmpty()) {
            return List.of();
        }
        String module = run.endpoint().module().name();
        AssessedModel model = AssessedModel.analyse(Provenance.here(module, run.endpoint().module().description(), "n/a"), data.get());
        Path file = run.out().resolve("model-" + module + ".json");
        System.out.print(ModelText.describe(model));
        try (ResultFiles files = new ResultFiles()) {
            files.writeString(file, ModelFile.toJson(model));
            files.commit();
        }
        System.out.println("wrote " + file.toAbsolutePath());
        return loggp ? loggpRows(run, model.loggp()) : plogpRows(run, model.plogp());
    }

    private List<NetgaugeRow> loggpRows(PatternRun run, LogGPEstimate e) {
        List<NetgaugeRow> rows = new ArrayList<>();
        rows.add(parameter(run, "L_netgauge", e.latencyNetgauge().value() / 1e3, "us", 1));
        rows.add(parameter(run, "L", e.latency().value() / 1e3, "us", 1));
        rows.add(parameter(run, "o_s", e.sendOverhead().value() / 1e3, "us", 1));
        rows.add(parameter(run, "o_r", e.receiveOverhead().value() / 1e3, "us", 1));
        for (GapRegion r : e.regions()) {
            rows.add(parameter(run, "g", r.g().value() / 1e3, "us", r.fromBytes()));
            rows.add(parameter(run, "G", r.G().value(), "ns/B", r.fromBytes()));
        }
        return rows;
    }

    private List<NetgaugeRow> plogpRows(PatternRun run, PLogPEstimate e) {
        List<NetgaugeRow> rows = new ArrayList<>();
        for (PLogPEstimate.Row r : e.table()) {
            rows.add(parameter(run, "o_s", r.sendOverhead() / 1e3, "us", r.bytes()));
            rows.add(parameter(run, "o_r", r.receiveOverhead() / 1e3, "us", r.bytes()));
            rows.add(parameter(run, "g", r.gap() / 1e3, "us", r.bytes()));
        }
        return rows;
    }

    private ParameterRow parameter(PatternRun run, String name, double value, String unit, long fromBytes) {
        return new ParameterRow(name(), run.endpoint().module().name(), run.size(), fromBytes, name, value, unit);
    }
}
