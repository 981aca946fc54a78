package dev.nbc.core.algorithm;

import dev.nbc.core.algorithm.allgather.AllgatherAlgorithm;
import dev.nbc.core.algorithm.allgather.AllgathervAlgorithm;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallvAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.gather.GathervAlgorithm;
import dev.nbc.core.algorithm.reduce.ReduceAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterBlockAlgorithm;
import dev.nbc.core.algorithm.scan.ExscanAlgorithm;
import dev.nbc.core.algorithm.scan.ScanAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.algorithm.scatter.ScattervAlgorithm;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Every collective's algorithms, by type and by name: how a program turns "ring" into an {@link Algorithm}. */
public final class Algorithms {
    private Algorithms() {
    }

    /** Each collective's algorithms, made once: a selector with an advisor checks its advice against them at every call. */
    private static final Map<Collective, List<Algorithm>> OF = new EnumMap<>(Collective.class);

    static {
        for (Collective c : Collective.values()) {
            OF.put(c, listOf(c));
        }
    }

    /** The algorithms of {@code collective}, in their enum's order (an immutable list). */
    public static List<Algorithm> of(Collective collective) {
        return OF.get(collective);
    }

    private static List<Algorithm> listOf(Collective collective) {
        return List.of(switch (collective) {
            case BARRIER -> BarrierAlgorithm.values();
            case BCAST -> BcastAlgorithm.values();
            case ALLREDUCE -> AllreduceAlgorithm.values();
            case REDUCE -> ReduceAlgorithm.values();
            case ALLGATHER -> AllgatherAlgorithm.values();
            case GATHER -> GatherAlgorithm.values();
            case SCATTER -> ScatterAlgorithm.values();
            case ALLTOALL -> AlltoallAlgorithm.values();
            case SCAN -> ScanAlgorithm.values();
            case EXSCAN -> ExscanAlgorithm.values();
            case REDUCE_SCATTER_BLOCK -> ReduceScatterBlockAlgorithm.values();
            case GATHERV -> GathervAlgorithm.values();
            case SCATTERV -> ScattervAlgorithm.values();
            case ALLGATHERV -> AllgathervAlgorithm.values();
            case ALLTOALLV -> AlltoallvAlgorithm.values();
            case REDUCE_SCATTER -> ReduceScatterAlgorithm.values();
        });
    }

    /**
     * The algorithm of {@code collective} named {@code name}, in any case, "-" or "_" alike.
     *
     * @throws IllegalArgumentException naming the collective's algorithms if none is called so
     */
    public static Algorithm parse(Collective collective, String name) {
        String key = name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        List<Algorithm> known = of(collective);
        for (Algorithm a : known) {
            if (a.name().equals(key)) {
                return a;
            }
        }
        throw new IllegalArgumentException("algorithm: '" + name + "' is not a " + collective.label() + " algorithm; known: "
                + known.stream().map(a -> a.name().toLowerCase(Locale.ROOT)).toList());
    }
}
