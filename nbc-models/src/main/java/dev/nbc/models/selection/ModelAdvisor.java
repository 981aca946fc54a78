package dev.nbc.models.selection;

import dev.nbc.core.algorithm.AlgorithmAdvisor;
import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.models.assessment.AssessedModel;
import dev.nbc.models.assessment.ModelFile;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.ScheduleSimulator;
import dev.nbc.models.simulation.ScheduleSource;
import dev.nbc.models.simulation.SimulationConfig;
import dev.nbc.models.simulation.SimulationResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Chooses each collective's algorithm by simulating every candidate's schedules (the ones nbc-core
 * builds for the call) on LogGP parameters, and advising the one whose last rank finishes first:
 * the model-driven selection, which no MPI library does (they use fixed or tuned
 * size thresholds). Plug it into a communicator with
 * {@code comm.setSelector(AlgorithmSelector.defaults().withAdvisor(ModelAdvisor.fromModelFile(path)))};
 * every rank must load the same model. Answers are remembered per call shape, so only the first
 * call of a shape pays for the simulations (microseconds to milliseconds, growing with P and the
 * number of rounds).
 *
 * <p>The parameters of a call are those of its block size's protocol region (an assessed model has
 * g and G per region); reductions cost gamma per byte and copies as much (the simulator's default).
 */
public final class ModelAdvisor implements AlgorithmAdvisor {
    /**
     * Simulated times this close to the least are a tie, which the model cannot separate: the
     * candidate with less CPU work over all ranks (then fewer operations) wins it. Over shared
     * memory at P = 2 several pairs of algorithms send the same messages (exscan's chain and
     * recursive doubling, a binomial and a linear scatter) and differ only in local copies and
     * rounds, which cost per call whatever the model says of the wire.
     */
    static final double TIE = 0.01;
    /** Remembered call shapes before the memory is cleared (an application with ever new counts). */
    static final int MAX_REMEMBERED = 4096;

    /** LogGP parameters for {@code processes} ranks and blocks of {@code bytes}. */
    @FunctionalInterface
    public interface ParameterSource {
        LogGPParameters at(int processes, long bytes);
    }

    private record Shape(Collective collective, int count, DataType type, int size, Boolean commutative) {
    }

    private final ParameterSource parameters;
    /** Cores the ranks of a call share (0: a core per rank, as LogGP assumes). */
    private final int sharedCores;
    /** With shared cores: what each round costs for the wake-up of a peer that was off its core, ns. */
    private final double roundWakeNanos;
    private final Map<Shape, AlgorithmChoice> remembered = new ConcurrentHashMap<>();

    private ModelAdvisor(ParameterSource parameters, int sharedCores, double roundWakeNanos) {
        this.parameters = parameters;
        this.sharedCores = sharedCores;
        this.roundWakeNanos = roundWakeNanos;
    }

    private ModelAdvisor(ParameterSource parameters) {
        this(parameters, 0, 0);
    }

    /**
     * The same advisor for ranks that share {@code cores} cores (one host, more ranks than cores).
     * LogGP gives every rank a processor of its own and so favours the fewest steps; ranks that take
     * turns on the cores pay twice more: a call cannot end before the cores have done every rank's
     * CPU work, and in every round a rank waits for a peer that may be off its core and must be
     * woken. A candidate's time is max(simulated finish, all ranks' simulated CPU work / cores) +
     * rounds x {@code roundWakeNanos} (its schedule's most rounds on any rank). Measured here at
     * P = 3 and 4 on 2 cores: the scan chains, reduce + broadcast and the linear all-to-all win where
     * the simulator alone picks recursive doubling and the pairwise exchange (docs/core.md). The
     * wake-up's cost is the machine's, measured apart (WakeCost: 6.0-6.5 us when the
     * thread on the same core wakes its peer).
     *
     * @throws IllegalArgumentException if {@code cores} is below 1 or {@code roundWakeNanos} negative
     */
    public ModelAdvisor withSharedCores(int cores, double roundWakeNanos) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores: must be at least 1, but was " + cores);
        }
        if (!(roundWakeNanos >= 0)) {
            throw new IllegalArgumentException("roundWakeNanos: must be >= 0, but was " + roundWakeNanos);
        }
        return new ModelAdvisor(parameters, cores, roundWakeNanos);
    }

    /** With parameters from {@code source}. */
    public static ModelAdvisor of(ParameterSource source) {
        if (source == null) {
            throw new IllegalArgumentException("source: must not be null");
        }
        return new ModelAdvisor(source);
    }

    /** With the LogGP parameters of a model measured by {@code model measure} (g and G of each block's region). */
    public static ModelAdvisor fromModel(AssessedModel model) {
        if (model == null || model.loggp() == null) {
            throw new IllegalArgumentException("model: must hold LogGP parameters (a file written by 'model measure')");
        }
        return new ModelAdvisor(model.loggp()::parameters);
    }

    /** {@link #fromModel} of the model file at {@code file}. */
    public static ModelAdvisor fromModelFile(Path file) {
        return fromModel(ModelFile.load(file));
    }

    /** With the same parameters for every size (an emulated network's planted ones); their P is replaced by the call's. */
    public static ModelAdvisor fromParameters(LogGPParameters planted) {
        if (planted == null) {
            throw new IllegalArgumentException("planted: must not be null");
        }
        return new ModelAdvisor((processes, bytes) -> planted.withP(processes));
    }

    @Override
    public Algorithm advise(Collective collective, int count, DataType type, int size, ReduceOp op) {
        return explain(collective, count, type, size, op).chosen();
    }

    /**
     * The choice for a call and every candidate's simulated time.
     *
     * @throws IllegalArgumentException for the collectives whose blocks differ (v-collectives,
     *         reduce_scatter), or a size below 1
     */
    public AlgorithmChoice explain(Collective collective, int count, DataType type, int size, ReduceOp op) {
        if (!collective.hasEqualBlocks()) {
            throw new IllegalArgumentException("collective: " + collective.label() + " has blocks of different sizes");
        }
        if (size < 1) {
            throw new IllegalArgumentException("size: must be >= 1, but was " + size);
        }
        Shape shape = new Shape(collective, count, type, size, op == null ? null : op.isCommutative());
        AlgorithmChoice known = remembered.get(shape);
        if (known != null) {
            return known;
        }
        AlgorithmChoice choice = simulate(collective, count, type, size, op);
        if (remembered.size() >= MAX_REMEMBERED) {
            remembered.clear();
        }
        remembered.put(shape, choice);
        return choice;
    }

    private AlgorithmChoice simulate(Collective collective, int count, DataType type, int size, ReduceOp op) {
        LogGPParameters p = parameters.at(size, type.bytesFor(count));
        ScheduleSimulator simulator = new ScheduleSimulator(SimulationConfig.of(p));
        List<AlgorithmChoice.Candidate> candidates = new ArrayList<>();
        List<SimulationResult> results = new ArrayList<>();
        double least = Double.POSITIVE_INFINITY;
        for (Algorithm a : AlgorithmSelector.candidates(collective, op)) {
            // built once: the simulator and the round count read the same schedules
            List<Schedule> schedules = built(ScheduleSource.forCall(a, size, count, type, op));
            SimulationResult r = simulator.run(ScheduleSource.of(schedules));
            double nanos = sharedCores > 0 && size > sharedCores
                    ? Math.max(r.maxFinishTime(), totalCpu(r) / sharedCores) + mostRounds(schedules) * roundWakeNanos
                    : r.maxFinishTime();
            candidates.add(new AlgorithmChoice.Candidate(a, nanos));
            results.add(r);
            least = Math.min(least, nanos);
        }
        int best = -1;
        for (int i = 0; i < candidates.size(); i++) {
            if (candidates.get(i).nanos() <= least * (1 + TIE) && (best < 0 || lessWork(results.get(i), results.get(best)))) {
                best = i;
            }
        }
        return new AlgorithmChoice(collective, size, count, type, p, candidates.get(best).algorithm(), candidates);
    }

    /** Less CPU work summed over the ranks; at equal work, fewer operations. */
    private static boolean lessWork(SimulationResult a, SimulationResult b) {
        double cpuA = totalCpu(a);
        double cpuB = totalCpu(b);
        if (cpuA != cpuB) {
            return cpuA < cpuB;
        }
        return a.operations() < b.operations();
    }

    private static List<Schedule> built(ScheduleSource source) {
        List<Schedule> schedules = new ArrayList<>(source.size());
        for (int rank = 0; rank < source.size(); rank++) {
            schedules.add(source.schedule(rank));
        }
        return schedules;
    }

    private static int mostRounds(List<Schedule> schedules) {
        return schedules.stream().mapToInt(schedule -> schedule.rounds().size()).max().orElse(0);
    }

    private static double totalCpu(SimulationResult r) {
        double sum = 0;
        for (int rank = 0; rank < r.size(); rank++) {
            sum += r.cpuBusy(rank);
        }
        return sum;
    }
}
