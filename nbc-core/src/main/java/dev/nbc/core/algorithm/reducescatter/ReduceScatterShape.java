package dev.nbc.core.algorithm.reducescatter;

import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Slots;

/**
 * What every reduce-scatter builder needs to know: each rank contributes P blocks of
 * {@code count} elements, and rank r's OUTPUT gets block r of their combination. The contribution
 * is in INPUT, or in place in OUTPUT (which then holds P blocks, the result landing in the first).
 */
record ReduceScatterShape(int rank, int size, int count, int blockBytes, boolean inPlace) {

    int contributionSlot() {
        return inPlace ? Slots.OUTPUT : Slots.INPUT;
    }

    /** P equal blocks of {@code count} elements, packed. */
    BlockLayout layout(DataType type) {
        int[] counts = new int[size];
        java.util.Arrays.fill(counts, count);
        return BlockLayout.packed(counts, type);
    }
}
