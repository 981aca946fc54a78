package dev.nbc.core.schedule;

import dev.nbc.core.algorithm.CollectiveDefinition;
import dev.nbc.core.algorithm.allgather.Allgather;
import dev.nbc.core.algorithm.allgather.Allgatherv;
import dev.nbc.core.algorithm.allreduce.Allreduce;
import dev.nbc.core.algorithm.alltoall.Alltoall;
import dev.nbc.core.algorithm.alltoall.Alltoallv;
import dev.nbc.core.algorithm.alltoall.Alltoallw;
import dev.nbc.core.algorithm.barrier.Barrier;
import dev.nbc.core.algorithm.bcast.Bcast;
import dev.nbc.core.algorithm.gather.Gather;
import dev.nbc.core.algorithm.gather.Gatherv;
import dev.nbc.core.algorithm.reduce.Reduce;
import dev.nbc.core.algorithm.reducescatter.ReduceScatter;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterBlock;
import dev.nbc.core.algorithm.scan.Exscan;
import dev.nbc.core.algorithm.scan.Scan;
import dev.nbc.core.algorithm.scatter.Scatter;
import dev.nbc.core.algorithm.scatter.Scatterv;
import dev.nbc.core.datatype.DataType;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * The collective operations the library builds schedules for: the vocabulary. Each names its
 * {@link CollectiveDefinition}, the class beside its algorithms that holds its argument rules,
 * default choice, cache key and build; adding a collective is a package with those and a line here.
 */
public enum Collective {
    BARRIER(() -> Barrier.DEFINITION),
    BCAST(() -> Bcast.DEFINITION),
    ALLREDUCE(() -> Allreduce.DEFINITION),
    REDUCE(() -> Reduce.DEFINITION),
    ALLGATHER(() -> Allgather.DEFINITION),
    GATHER(() -> Gather.DEFINITION),
    SCATTER(() -> Scatter.DEFINITION),
    ALLTOALL(() -> Alltoall.DEFINITION),
    SCAN(() -> Scan.DEFINITION),
    EXSCAN(() -> Exscan.DEFINITION),
    REDUCE_SCATTER_BLOCK(() -> ReduceScatterBlock.DEFINITION),
    GATHERV(() -> Gatherv.DEFINITION),
    SCATTERV(() -> Scatterv.DEFINITION),
    ALLGATHERV(() -> Allgatherv.DEFINITION),
    ALLTOALLV(() -> Alltoallv.DEFINITION),
    REDUCE_SCATTER(() -> ReduceScatter.DEFINITION),
    ALLTOALLW(() -> Alltoallw.DEFINITION);

    /**
     * Looked up when first asked for, not when this enum is made: a definition names its
     * collective's constant, which must exist by then.
     */
    private final Supplier<CollectiveDefinition<?>> definition;

    Collective(Supplier<CollectiveDefinition<?>> definition) {
        this.definition = definition;
    }

    /** This collective's rules, choice and build. */
    public CollectiveDefinition<?> definition() {
        return definition.get();
    }

    /** "barrier", "reduce_scatter_block": as the programs print and parse it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * True if every rank's block holds the same count (MPI's count argument): false for the
     * v-collectives and reduce_scatter, whose calls give a count per rank.
     */
    public boolean hasEqualBlocks() {
        return definition().hasEqualBlocks();
    }

    /**
     * Elements of {@code type} in a rank's block of {@code bytes}: none for the barrier, which moves
     * no data; else the whole elements in it, at least one (a block of 0 to 7 bytes of doubles is one).
     *
     * @throws IllegalArgumentException if {@code bytes} is negative or the count exceeds an int
     */
    public int count(long bytes, DataType type) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes: must be >= 0, but was " + bytes);
        }
        if (this == BARRIER) {
            return 0;
        }
        long count = Math.max(1, bytes / type.sizeInBytes());
        if (count > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("bytes: at most " + (long) Integer.MAX_VALUE * type.sizeInBytes() + " B of "
                    + type + ", but was " + bytes);
        }
        return (int) count;
    }

    /** The bytes a block of {@code bytes} actually moves: {@link #count} whole elements. */
    public int bytes(long bytes, DataType type) {
        return type.bytesFor(count(bytes, type));
    }

    /** A collective by its name in any case, "-" or "_" alike ("allreduce", "reduce-scatter-block"). */
    public static Collective parse(String text) {
        String key = text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (Collective c : values()) {
            if (c.name().equals(key)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown collective '" + text + "' (" + String.join(", ",
                java.util.Arrays.stream(values()).map(Collective::label).toList()) + ")");
    }
}
