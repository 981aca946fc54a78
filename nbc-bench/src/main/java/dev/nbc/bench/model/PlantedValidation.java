package dev.nbc.bench.model;

import dev.nbc.bench.report.Results;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import dev.nbc.models.assessment.AssessedModel;
import dev.nbc.models.assessment.Estimate;
import dev.nbc.models.assessment.Provenance;
import dev.nbc.models.assessment.Spread;
import dev.nbc.models.assessment.measure.AssessmentPlan;
import dev.nbc.models.assessment.measure.AssessmentProtocol;
import dev.nbc.models.assessment.netgauge.GapRegion;
import dev.nbc.models.assessment.netgauge.LogGPEstimate;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.core.schedule.Collective;
import dev.nbc.models.prediction.CollectivePredictor;
import dev.nbc.models.prediction.Prediction;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Validation against a known truth: on the in-process transport with an emulated
 * network whose L, o, g, G are planted, (1) the parameter assessment must recover each, and (2) the
 * simulator's prediction from the assessed parameters must match the latency nbc's collectives
 * show on that network. Rows "assessment" and "prediction" go into the results.
 */
public final class PlantedValidation {

    /**
     * @param sets                  planted networks
     * @param assessmentRepetitions repetitions per timing of the assessment
     * @param processes             P values for the collectives
     * @param sizes                 message sizes of bcast and allreduce (the barrier moves none)
     * @param repetitions           timed collectives per point (after {@link #WARMUPS} untimed)
     */
    public record Config(List<PlantedSet> sets, int assessmentRepetitions, List<Integer> processes, List<Long> sizes,
                         int repetitions) {
    }

    /**
     * Untimed collectives first: until the JIT has compiled the engine's paths the first
     * collectives run tens of microseconds slow (measured: 5 warm-ups left P = 2 barriers 3x over
     * the prediction, 2000 brought them within 20 %).
     */
    static final int WARMUPS = 300;

    private PlantedValidation() {
    }

    public static void run(Config config, Results results, PrintStream log) {
        warmUp(config.processes());
        for (PlantedSet set : config.sets()) {
            log.printf(Locale.ROOT, "%nset %s: %s (assessment up to %d B)%n", set.name(), set.describe(), set.maxBytes());
            AssessedModel model = assess(new InProcessWorld(2, set.network()),
                    AssessmentPlan.standard(set.maxBytes(), config.assessmentRepetitions()));
            recordAssessment(set, model.loggp(), results, log);
            for (int p : config.processes()) {
                recordPrediction(set, model.loggp(), Collective.BARRIER, p, 0, config, results, log);
                for (long bytes : config.sizes()) {
                    recordPrediction(set, model.loggp(), Collective.BCAST, p, bytes, config, results, log);
                    recordPrediction(set, model.loggp(), Collective.ALLREDUCE, p, bytes, config, results, log);
                }
            }
        }
    }

    /**
     * Runs everything once, untimed, on a fast emulated network, so that the JIT has compiled the
     * measured paths before the first set (measured: without it, the first set's collectives came
     * out 30-50 % over the prediction, the same set run later within 10 %).
     */
    private static void warmUp(List<Integer> processes) {
        EmulatedNetwork fast = EmulatedNetwork.symmetric(1_000, 500, 1_000, 0.1);
        assess(new InProcessWorld(2, fast), AssessmentPlan.standard(4096, 5));
        for (int p : processes) {
            for (Collective c : CollectivePredictor.covered()) {
                InProcessCollectiveTiming.measure(fast, p, c, null, 4096, WARMUPS, 10);
            }
        }
    }

    /**
     * Runs the assessment between the two in-process ranks of {@code world} (new, on the real
     * clock or {@link InProcessWorld#onVirtualTime on virtual time}), and closes it.
     */
    public static AssessedModel assess(InProcessWorld world, AssessmentPlan plan) {
        AtomicReference<AssessedModel> model = new AtomicReference<>();
        String network = "emulated " + PlantedSet.describe(world.network());
        try (world) {
            world.run((rank, transport) -> AssessmentProtocol.run(transport, plan, 0, null)
                            .ifPresent(data -> model.set(AssessedModel.analyse(Provenance.here("in-process", network, "none"), data))),
                    Duration.ofMinutes(30));
        }
        return model.get();
    }

    static void recordAssessment(PlantedSet set, LogGPEstimate e, Results results, PrintStream log) {
        EmulatedNetwork n = set.network();
        GapRegion first = e.regions().get(0);
        log.printf(Locale.ROOT, "  %-12s %12s %12s %8s  %s%n", "parameter", "planted", "assessed", "error", "interval");
        compare(set, "L", n.L(), e.latency(), results, log);
        compare(set, "L_netgauge", n.L() + n.oSend() + n.oReceive(), e.latencyNetgauge(), results, log);
        compare(set, "o_s", n.oSend(), e.sendOverhead(), results, log);
        compare(set, "o_r", n.oReceive(), e.receiveOverhead(), results, log);
        compare(set, "g", n.g(), first.g(), results, log);
        compare(set, "G", n.G(), first.G(), results, log);
        log.printf(Locale.ROOT, "  protocol regions found: %d (planted: 1); gamma %.3f ns/B%n", e.regions().size(), e.gamma());
    }

    private static void compare(PlantedSet set, String parameter, double planted, Estimate e, Results results, PrintStream log) {
        double error = 100 * e.relativeError(planted);
        results.add("assessment", new AssessmentRow(set.name(), set.describe(), parameter, planted, e.value(), error, e.low(),
                e.high(), e.interval(), e.rSquared(), e.relativeRms(), Math.abs(error) <= 10, e.method()));
        log.printf(Locale.ROOT, "  %-12s %12.4g %12.4g %+7.1f%%  [%.4g, %.4g] %s%n", parameter, planted, e.value(), error,
                e.low(), e.high(), e.interval());
    }

    private static void recordPrediction(PlantedSet set, LogGPEstimate model, Collective collective, int p, long bytes,
                                         Config config, Results results, PrintStream log) {
        Prediction assessed = CollectivePredictor.predict(model, collective, null, p, bytes);
        EmulatedNetwork n = set.network();
        LogGPParameters truth = LogGPParameters.of(n, p, model.gamma());
        Prediction planted = CollectivePredictor.predict(truth, collective, assessed.algorithm(), bytes);
        Spread measured = InProcessCollectiveTiming.measure(n, p, collective, assessed.algorithm(), bytes, WARMUPS,
                config.repetitions());
        double error = 100 * (assessed.time() - measured.median()) / measured.median();
        double plantedError = 100 * (planted.time() - measured.median()) / measured.median();
        results.add("prediction", new PredictionRow(set.name(), set.describe(), collective.label(), assessed.algorithm().name(), p,
                bytes, measured.median() / 1e3, measured.q25() / 1e3, measured.q75() / 1e3, assessed.time() / 1e3,
                planted.time() / 1e3, error, plantedError, Math.abs(error) <= 10, assessed.equations().total() / 1e3,
                assessed.cpuShare(), assessed.overlapPotential()));
        log.printf(Locale.ROOT, "  %-9s %-20s P=%d %7d B: measured %9.1f us [%.1f, %.1f], predicted %9.1f us (%+.1f%%), "
                        + "from planted %9.1f us (%+.1f%%)%n", collective.label(), assessed.algorithm().name(), p,
                bytes, measured.median() / 1e3, measured.q25() / 1e3, measured.q75() / 1e3, assessed.time() / 1e3, error,
                planted.time() / 1e3, plantedError);
    }
}
