package dev.nbc.models.prediction;

import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.models.loggp.CollectiveEquations;
import dev.nbc.models.loggp.CostSplit;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.ScheduleSource;

import java.util.Arrays;
import java.util.Locale;

/**
 * The collectives a prediction covers, on doubles (bcast from root 0, allreduce with SUM, the
 * same data the benchmark moves), each with the schedules nbc-core builds for it and the paper's
 * equation for it.
 */
public enum CollectiveKind {
    BARRIER, BCAST, ALLREDUCE;

    /** Elements of doubles in {@code bytes} (rounded down; the barrier moves none). */
    public int count(long bytes) {
        return this == BARRIER ? 0 : (int) (bytes / Double.BYTES);
    }

    /**
     * The name of the algorithm nbc's default selector picks for P ranks and {@code bytes}, or
     * {@code algorithm} checked against this collective's algorithms when given.
     *
     * @throws IllegalArgumentException naming the known algorithms if {@code algorithm} is not one
     */
    public String algorithm(String algorithm, int processes, long bytes) {
        if (algorithm == null || algorithm.isBlank() || algorithm.equalsIgnoreCase("default")) {
            AlgorithmSelector selector = AlgorithmSelector.defaults();
            return switch (this) {
                case BARRIER -> BarrierAlgorithm.DISSEMINATION.name();
                case BCAST -> selector.bcast((int) bytes, processes).name();
                case ALLREDUCE -> selector.allreduce(count(bytes), (int) bytes, processes, ReduceOp.SUM).name();
            };
        }
        String name = algorithm.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        Enum<?>[] known = switch (this) {
            case BARRIER -> BarrierAlgorithm.values();
            case BCAST -> BcastAlgorithm.values();
            case ALLREDUCE -> AllreduceAlgorithm.values();
        };
        for (Enum<?> e : known) {
            if (e.name().equals(name)) {
                return name;
            }
        }
        throw new IllegalArgumentException("algorithm: '" + algorithm + "' is not a " + name().toLowerCase(Locale.ROOT)
                + " algorithm; known: " + Arrays.toString(known).toLowerCase(Locale.ROOT));
    }

    /** Every rank's schedule of this collective with {@code algorithm} (a name from {@link #algorithm}). */
    public ScheduleSource schedules(String algorithm, int processes, long bytes) {
        int count = count(bytes);
        return switch (this) {
            case BARRIER -> ScheduleSource.barrier(BarrierAlgorithm.valueOf(algorithm), processes);
            case BCAST -> ScheduleSource.bcast(BcastAlgorithm.valueOf(algorithm), processes, 0, count, DataType.DOUBLE,
                    AlgorithmSelector.DEFAULT_SEGMENT_BYTES);
            case ALLREDUCE -> ScheduleSource.allreduce(AllreduceAlgorithm.valueOf(algorithm), processes, count,
                    DataType.DOUBLE, ReduceOp.SUM, false);
        };
    }

    /** The paper's equations (1)-(6) for this collective: its CPU/network split. */
    public CostSplit equations(LogGPParameters parameters, long bytes) {
        return switch (this) {
            case BARRIER -> CollectiveEquations.barrierSplit(parameters);
            case BCAST -> CollectiveEquations.bcastSplit(parameters, bytes);
            case ALLREDUCE -> CollectiveEquations.allreduceSplit(parameters, bytes);
        };
    }

    /** Case-insensitive parse with a clear message. */
    public static CollectiveKind parse(String text) {
        for (CollectiveKind k : values()) {
            if (k.name().equalsIgnoreCase(text.trim())) {
                return k;
            }
        }
        throw new IllegalArgumentException("collective: '" + text + "' is not one of barrier, bcast, allreduce");
    }
}
