package dev.nbc.models.prediction;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Collective;
import dev.nbc.models.assessment.netgauge.LogGPEstimate;
import dev.nbc.models.loggp.CollectiveEquations;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.ScheduleSimulator;
import dev.nbc.models.simulation.ScheduleSource;
import dev.nbc.models.simulation.SimulationConfig;
import dev.nbc.models.simulation.SimulationResult;

import java.util.List;

/**
 * Predicts a collective's time, CPU share and overlap potential: the schedule simulator runs the
 * schedules nbc-core builds, on LogGP parameters, and the paper's equations are given beside. The
 * data are the benchmark's: doubles ({@link Collective#count}), bcast from root 0, allreduce with SUM.
 */
public final class CollectivePredictor {
    private static final DataType TYPE = DataType.DOUBLE;
    private static final ReduceOp OP = ReduceOp.SUM;

    private CollectivePredictor() {
    }

    /**
     * The collectives the paper's equations (4)-(6) cover, and so predicted by both the simulator
     * and the equations; the simulator predicts every collective whose blocks are alike
     * ({@link Collective#hasEqualBlocks()}).
     */
    public static List<Collective> covered() {
        return List.of(Collective.BARRIER, Collective.BCAST, Collective.ALLREDUCE);
    }

    /**
     * With assessed parameters: g and G are those of the protocol region of {@code bytes}.
     *
     * @param algorithm one of {@code collective}'s algorithms, or null for the one nbc's selector picks
     */
    public static Prediction predict(LogGPEstimate model, Collective collective, Algorithm algorithm, int processes,
                                     long bytes) {
        checkShape(processes, bytes);
        return predict(model.parameters(processes, bytes), collective, algorithm, bytes);
    }

    /** With given parameters (for {@code parameters.P()} ranks). */
    public static Prediction predict(LogGPParameters parameters, Collective collective, Algorithm algorithm, long bytes) {
        return predict(SimulationConfig.of(parameters), collective, algorithm, bytes);
    }

    /** With the simulator's options besides the parameters (a send buffer, noise). */
    public static Prediction predict(SimulationConfig config, Collective collective, Algorithm algorithm, long bytes) {
        LogGPParameters parameters = config.parameters();
        Simulation simulation = simulate(config, collective, algorithm, bytes);
        SimulationResult r = simulation.result();
        return new Prediction(collective, simulation.algorithm(), parameters.P(), bytes, parameters, r.maxFinishTime(), r.maxCpuBusy(),
                r.meanOverlapPotential(), covered().contains(collective) ? CollectiveEquations.split(collective, parameters, bytes) : null);
    }

    /**
     * The simulated collective, every rank's times in it, and what to run it again with (with ranks
     * entering at other times: a loop of it, {@link IterationPrediction}).
     *
     * @param algorithm the algorithm whose schedules were simulated
     * @param simulator the simulator, on the parameters given
     * @param schedules the algorithm's schedules for the call
     * @param result    the simulator's outcome, every rank entering at 0: each rank's finish, CPU and network time
     */
    public record Simulation(Algorithm algorithm, ScheduleSimulator simulator, ScheduleSource schedules, SimulationResult result) {
    }

    /**
     * The simulator's run of the schedules nbc-core builds for {@code collective} on blocks of
     * {@code bytes}, on {@code parameters.P()} ranks.
     *
     * @param algorithm one of {@code collective}'s algorithms, or null for the one nbc's selector picks
     */
    public static Simulation simulate(LogGPParameters parameters, Collective collective, Algorithm algorithm, long bytes) {
        return simulate(SimulationConfig.of(parameters), collective, algorithm, bytes);
    }

    /** As {@link #simulate(LogGPParameters, Collective, Algorithm, long)}, with the simulator's other options. */
    public static Simulation simulate(SimulationConfig config, Collective collective, Algorithm algorithm, long bytes) {
        LogGPParameters parameters = config.parameters();
        checkShape(parameters.P(), bytes);
        if (!collective.hasEqualBlocks()) {
            throw new IllegalArgumentException("collective: the predictions cover the collectives whose blocks are alike, not "
                    + collective.label());
        }
        if (algorithm != null && algorithm.collective() != collective) {
            throw new IllegalArgumentException("algorithm: " + algorithm.name() + " is not a " + collective.label() + " algorithm");
        }
        int count = collective.count(bytes, TYPE);
        Algorithm chosen = algorithm != null ? algorithm : AlgorithmSelector.defaults().choose(collective, count, TYPE, parameters.P(), OP);
        ScheduleSimulator simulator = new ScheduleSimulator(config);
        ScheduleSource schedules = ScheduleSource.forCall(chosen, parameters.P(), count, TYPE, OP);
        return new Simulation(chosen, simulator, schedules, simulator.run(schedules));
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
