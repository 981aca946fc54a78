package dev.nbc.core.schedule;

import dev.nbc.core.datatype.DataType;

import java.util.Locale;

/** The collective operations the library builds schedules for. */
public enum Collective {
    BARRIER,
    BCAST,
    ALLREDUCE,
    REDUCE,
    ALLGATHER,
    GATHER,
    SCATTER,
    ALLTOALL,
    SCAN,
    EXSCAN,
    REDUCE_SCATTER_BLOCK,
    GATHERV,
    SCATTERV,
    ALLGATHERV,
    ALLTOALLV,
    REDUCE_SCATTER;

    /** "barrier", "reduce_scatter_block": as the programs print and parse it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * True if every rank's block holds the same count (MPI's count argument): false for the
     * v-collectives and reduce_scatter, whose calls give a count per rank.
     */
    public boolean hasEqualBlocks() {
        return switch (this) {
            case GATHERV, SCATTERV, ALLGATHERV, ALLTOALLV, REDUCE_SCATTER -> false;
            default -> true;
        };
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
