package dev.nbc.models.assessment.netgauge;

import dev.nbc.models.assessment.Estimate;

/**
 * LogGP's g and G for one protocol region of sizes {@code fromBytes..toBytes}: the fit of
 * Netgauge's {@code T(s) = g + (s - 1) G} over that region (g in ns, G in ns per byte).
 */
public record GapRegion(long fromBytes, long toBytes, Estimate g, Estimate G) {

    public boolean covers(long bytes) {
        return bytes >= fromBytes && bytes <= toBytes;
    }
}
