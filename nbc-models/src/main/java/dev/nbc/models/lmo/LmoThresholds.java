package dev.nbc.models.lmo;

import dev.nbc.models.assessment.fit.ProtocolRegions;
import dev.nbc.models.assessment.fit.Region;

import java.util.List;

/**
 * The thresholds of paper 001 from sweeps over message sizes, by the same structural-change
 * segmentation the LogGP assessment uses for its protocol regions ({@link ProtocolRegions}).
 */
public final class LmoThresholds {
    private LmoThresholds() {
    }

    /**
     * S: the largest size of the scatter's first linear region (the leap to the serialised
     * scatter comes after it); NaN if the sweep is one straight line (no leap in its range).
     *
     * @param sizes ascending message sizes, bytes
     * @param times the scatter's time at each, ns
     */
    public static double scatterThreshold(double[] sizes, double[] times) {
        List<Region> regions = ProtocolRegions.segment(sizes, times, 3, 2);
        return regions.size() < 2 ? Double.NaN : regions.get(0).toBytes();
    }
}
