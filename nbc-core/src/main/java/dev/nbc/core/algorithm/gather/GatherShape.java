package dev.nbc.core.algorithm.gather;

import dev.nbc.core.schedule.Slots;

/**
 * What every gather builder needs to know: rank r's block of {@code blockBytes} lands at offset
 * r x blockBytes of the root's OUTPUT. A rank's block comes from INPUT; the root's, in place, is
 * already at its place in OUTPUT.
 */
record GatherShape(int rank, int size, int root, int blockBytes, boolean inPlace) {

    int ownSlot() {
        return inPlace ? Slots.OUTPUT : Slots.INPUT;
    }

    int ownOffset() {
        return inPlace ? rank * blockBytes : 0;
    }
}
