package dev.nbc.models.assessment.hockney;

import dev.nbc.models.assessment.AssessmentData;
import dev.nbc.models.assessment.Estimate;
import dev.nbc.models.assessment.SizeMeasurement;
import dev.nbc.models.assessment.fit.Curve;
import dev.nbc.models.assessment.fit.ProtocolRegions;
import dev.nbc.models.assessment.netgauge.NetgaugeMethod;

import java.util.ArrayList;
import java.util.List;

/**
 * Hockney's alpha and beta from the ping-pong: the one-way time {@code PRTT(1, 0, m) / 2} against m,
 * by relative least squares (so that small messages weigh as much as large ones), with 95 %
 * confidence intervals from Student's t. The fit over all sizes is what a two-parameter model
 * can say; the per-region fits show what it hides when the protocol changes.
 */
public final class HockneyMethod {
    private HockneyMethod() {
    }

    public static HockneyEstimate analyse(AssessmentData data) {
        List<SizeMeasurement> sizes = data.sizes();
        if (sizes.size() < 3) {
            throw new IllegalArgumentException("data.sizes: the Hockney fit needs at least 3 sizes, but had " + sizes.size());
        }
        double[] x = new double[sizes.size()];
        double[] oneWay = new double[sizes.size()];
        for (int i = 0; i < sizes.size(); i++) {
            x[i] = sizes.get(i).bytes();
            oneWay[i] = sizes.get(i).prtt1().median() / 2;
        }
        Curve curve = new Curve(x, oneWay);
        var all = curve.line();
        List<HockneyEstimate.Region> regions = new ArrayList<>();
        if (sizes.size() >= 2 * NetgaugeMethod.MIN_REGION_POINTS) {
            for (var r : ProtocolRegions.segment(x, oneWay, NetgaugeMethod.MIN_REGION_POINTS, NetgaugeMethod.MAX_REGIONS)) {
                regions.add(new HockneyEstimate.Region(sizes.get(r.from()).bytes(), sizes.get(r.to()).bytes(),
                        Estimate.intercept(r.fit(), "alpha: intercept of PRTT(1,0,m)/2 over m in this region"),
                        Estimate.slope(r.fit(), "beta: slope of PRTT(1,0,m)/2 over m in this region")));
            }
        }
        return new HockneyEstimate(
                Estimate.intercept(all, "alpha: intercept of PRTT(1,0,m)/2 over m, all sizes"),
                Estimate.slope(all, "beta: slope of PRTT(1,0,m)/2 over m, all sizes"),
                regions);
    }
}
