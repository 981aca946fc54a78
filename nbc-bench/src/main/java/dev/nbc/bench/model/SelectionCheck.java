package dev.nbc.bench.model;

import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.models.assessment.measure.GammaProbe;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.selection.ModelAdvisor;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The model-driven selection against measurements on emulated networks whose parameters are
 * planted, so the model is the truth: every candidate
 * algorithm of every collective is timed on in-process ranks ({@link InProcessCollectiveTiming}),
 * and {@link ModelAdvisor} on the planted parameters (gamma measured here) picks beside the size
 * thresholds. Over MPI the same score comes from {@code NativeLatencyComparison --model}.
 */
public final class SelectionCheck {
    /** Untimed collectives per measured point; the JIT was warmed on every path before (see {@link #warmUp}). */
    static final int WARMUPS = 20;

    /**
     * @param sets        planted networks
     * @param processes   P values
     * @param collectives the collectives (equal blocks)
     * @param sizes       block sizes (the barrier is measured once per P)
     * @param repetitions timed collectives per algorithm and point
     */
    public record Config(List<PlantedSet> sets, List<Integer> processes, List<Collective> collectives, List<Long> sizes,
                         int repetitions) {
    }

    private SelectionCheck() {
    }

    public static SelectionScore run(Config config, PrintStream log) {
        double gamma = GammaProbe.measure();
        log.printf(Locale.ROOT, "gamma (reduction cost measured here) %.4f ns/B%n", gamma);
        warmUp(config);
        SelectionScore score = new SelectionScore();
        for (PlantedSet set : config.sets()) {
            log.printf(Locale.ROOT, "set %s: %s%n", set.name(), set.describe());
            EmulatedNetwork network = set.network();
            for (int p : config.processes()) {
                ModelAdvisor advisor = ModelAdvisor.fromParameters(LogGPParameters.of(network, p, gamma));
                for (Collective c : config.collectives()) {
                    for (long bytes : c == Collective.BARRIER ? List.of(0L) : config.sizes()) {
                        score.add(point(set.name(), network, advisor, c, p, bytes, config.repetitions()));
                    }
                }
            }
        }
        return score;
    }

    private static SelectionScore.Point point(String setting, EmulatedNetwork network, ModelAdvisor advisor, Collective c,
                                              int p, long bytes, int repetitions) {
        int count = c.count(bytes, DataType.DOUBLE);
        Map<Algorithm, Double> measured = new LinkedHashMap<>();
        for (Algorithm a : AlgorithmSelector.candidates(c, ReduceOp.SUM)) {
            measured.put(a, InProcessCollectiveTiming.measure(network, p, c, a, bytes, WARMUPS, repetitions).median());
        }
        return new SelectionScore.Point(setting, c, p, bytes, measured,
                advisor.advise(c, count, DataType.DOUBLE, p, ReduceOp.SUM),
                AlgorithmSelector.defaults().choose(c, count, DataType.DOUBLE, p, ReduceOp.SUM));
    }

    /**
     * Every collective and algorithm a few hundred times on a fast network at the grid's P and
     * smallest size first: the JIT must have compiled each path before it is timed (the planted
     * validation's measurement: the first collectives ran tens of microseconds slow).
     */
    private static void warmUp(Config config) {
        EmulatedNetwork fast = EmulatedNetwork.symmetric(1_000, 500, 1_000, 0.1);
        long bytes = config.sizes().stream().mapToLong(Long::longValue).min().orElse(8);
        for (int p : config.processes()) {
            for (Collective c : config.collectives()) {
                for (Algorithm a : AlgorithmSelector.candidates(c, ReduceOp.SUM)) {
                    InProcessCollectiveTiming.measure(fast, p, c, a, c == Collective.BARRIER ? 0 : bytes, 200, 1);
                }
            }
        }
    }
}
