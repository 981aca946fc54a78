package dev.nbc.core.algorithm;

import dev.nbc.core.datatype.DataType;

import java.util.Arrays;
import java.util.List;

/**
 * Where each rank's block lies in a buffer of a v-collective (MPI's counts and displacements, in
 * elements of {@code type}): rank r's block is counts[r] elements from element displacements[r].
 * Immutable (the arrays are copied).
 */
public final class BlockLayout {
    private final int[] counts;
    private final int[] displacements;
    private final DataType type;

    public BlockLayout(int[] counts, int[] displacements, DataType type) {
        this.counts = counts.clone();
        this.displacements = displacements.clone();
        this.type = type;
    }

    /** A layout in which only {@code rank}'s block is known: what a non-root rank of gatherv or scatterv has. */
    public static BlockLayout ownBlockOnly(int rank, int size, int count, DataType type) {
        int[] counts = new int[size];
        counts[rank] = count;
        return new BlockLayout(counts, new int[size], type);
    }

    /** Blocks one after another, rank order, with the given counts. */
    public static BlockLayout packed(int[] counts, DataType type) {
        int[] displacements = new int[counts.length];
        for (int r = 1; r < counts.length; r++) {
            displacements[r] = displacements[r - 1] + counts[r - 1];
        }
        return new BlockLayout(counts, displacements, type);
    }

    public int size() {
        return counts.length;
    }

    public int count(int rank) {
        return counts[rank];
    }

    public int bytes(int rank) {
        return type.bytesFor(counts[rank]);
    }

    /** Where rank's block starts, in bytes; 0 for an empty block (MPI ignores its displacement, which may lie beyond the buffer). */
    public int offset(int rank) {
        return counts[rank] == 0 ? 0 : type.bytesFor(displacements[rank]);
    }

    /** Bytes from the buffer's start to the end of the block that ends last (0 if every block is empty). */
    public int extentBytes() {
        long end = 0;
        for (int r = 0; r < counts.length; r++) {
            if (counts[r] > 0) {
                end = Math.max(end, (long) displacements[r] + counts[r]);
            }
        }
        return type.bytesFor(end);
    }

    /** The counts and displacements as a value, for a cache key. */
    public List<Integer> asKey() {
        Integer[] key = new Integer[2 * counts.length];
        for (int r = 0; r < counts.length; r++) {
            key[2 * r] = counts[r];
            key[2 * r + 1] = displacements[r];
        }
        return List.of(key);
    }

    @Override
    public String toString() {
        return "counts " + Arrays.toString(counts) + ", displacements " + Arrays.toString(displacements);
    }
}
