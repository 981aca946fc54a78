package dev.nbc.models.prediction;

import dev.nbc.models.assessment.netgauge.LogGPEstimate;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.ScheduleSimulator;
import dev.nbc.models.simulation.SimulationConfig;
import dev.nbc.models.simulation.SimulationResult;

/**
 * Predicts a collective's time, CPU share and overlap potential: the schedule simulator runs the
 * schedules nbc-core builds, on LogGP parameters, and the paper's equations are given beside.
 */
public final class CollectivePredictor {
    private CollectivePredictor() {
    }

    /**
     * With assessed parameters: g and G are those of the protocol region of {@code bytes}.
     *
     * @param algorithm an nbc-core algorithm name, or null / "default" for the one nbc's selector picks
     */
    public static Prediction predict(LogGPEstimate model, CollectiveKind collective, String algorithm, int processes,
                                     long bytes) {
        checkShape(processes, bytes);
        return predict(model.parameters(processes, bytes), collective, algorithm, bytes);
    }

    /** With given parameters (for {@code parameters.P()} ranks). */
    public static Prediction predict(LogGPParameters parameters, CollectiveKind collective, String algorithm, long bytes) {
        checkShape(parameters.P(), bytes);
        String chosen = collective.algorithm(algorithm, parameters.P(), bytes);
        SimulationResult r = new ScheduleSimulator(SimulationConfig.of(parameters))
                .run(collective.schedules(chosen, parameters.P(), bytes));
        return new Prediction(collective, chosen, parameters.P(), bytes, parameters, r.maxFinishTime(), r.maxCpuBusy(),
                r.meanOverlapPotential(), collective.equations(parameters, bytes));
    }

    private static void checkShape(int processes, long bytes) {
        if (processes < 1) {
            throw new IllegalArgumentException("P: must be >= 1, but was " + processes);
        }
        if (bytes < 0 || bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("bytes: must be in 0.." + Integer.MAX_VALUE + ", but was " + bytes);
        }
    }
}
