package dev.nbc.core.algorithm.scan;

import dev.nbc.core.schedule.Slots;

/**
 * What every prefix-reduction builder needs to know. Rank r's result, in OUTPUT, is
 * x0 op ... op xr ({@code exclusive} false, MPI_Scan) or x0 op ... op x(r-1) ({@code exclusive},
 * MPI_Exscan, where rank 0's OUTPUT is left as it was: MPI defines no result there). The
 * contribution is in INPUT, or in place in OUTPUT.
 */
record ScanShape(int rank, int size, int count, int bytes, boolean exclusive, boolean inPlace) {

    int contributionSlot() {
        return inPlace ? Slots.OUTPUT : Slots.INPUT;
    }
}
