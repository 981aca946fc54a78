package dev.nbc.harness.call;

import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.schedule.Collective;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One collective on fixed buffers, ready to be called again and again, by nbc ({@link NbcCall})
 * or by the MPI library itself ({@code OpenMpiCall}). The data are the benchmarks' convention:
 * doubles ({@link Collective#count(long, dev.nbc.core.datatype.DataType)} of them per rank's block),
 * root 0, SUM; the buffers are laid out by {@link CallBuffers}.
 */
public interface CollectiveCall {

    /** A started call. */
    interface Started {
        boolean test();

        void await();
    }

    Collective collective();

    /** Bytes of a rank's block actually moved: whole doubles, 0 for the barrier. */
    int bytes();

    /** Starts the non-blocking collective (nbc's iXxx, MPI's MPI_Ixxx). */
    Started start();

    /** The blocking collective: nbc's start and await, the MPI library's own blocking call. */
    void blocking();

    /** The algorithm: nbc's (the selector's choice is known after the first start, "?" before), or "ompi-internal". */
    String algorithm();

    /** nbc's progress engine, whose counters and thread the benchmarks read; empty for the MPI library's calls. */
    Optional<ProgressEngine> engine();

    /**
     * Every collective a call makes: the v-collectives and reduce_scatter too, with every rank's
     * count alike ({@link CallBuffers}), for comparisons of a call's cost against the MPI library's.
     */
    static List<Collective> withUniformCounts() {
        return List.of(Collective.values());
    }

    /**
     * The collectives the benchmarks sweep: every one whose blocks are all alike by definition (not
     * the v-collectives, alltoallw nor reduce_scatter).
     */
    static List<Collective> supported() {
        return Arrays.stream(Collective.values()).filter(Collective::hasEqualBlocks).toList();
    }

    /** The paper's three, which the benchmarks measure unless told otherwise: barrier, bcast, allreduce. */
    static List<Collective> paper() {
        return List.of(Collective.BARRIER, Collective.BCAST, Collective.ALLREDUCE);
    }

    /** A {@link #supported()} collective by name, in any case ("allreduce", "reduce-scatter-block"). */
    static Collective parse(String text) {
        List<Collective> supported = supported();
        try {
            Collective c = Collective.parse(text);
            if (supported.contains(c)) {
                return c;
            }
        } catch (IllegalArgumentException unknown) {
            // named below, with the collectives a call runs
        }
        throw new IllegalArgumentException("unknown collective '" + text + "' ("
                + String.join(", ", supported.stream().map(Collective::label).toList()) + ")");
    }
}
