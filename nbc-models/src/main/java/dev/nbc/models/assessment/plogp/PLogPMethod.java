package dev.nbc.models.assessment.plogp;

import dev.nbc.models.assessment.AssessmentData;
import dev.nbc.models.assessment.Estimate;
import dev.nbc.models.assessment.SizeMeasurement;
import dev.nbc.models.assessment.fit.Curve;
import dev.nbc.models.assessment.netgauge.NetgaugeMethod;

import java.util.ArrayList;
import java.util.List;

/**
 * pLogP (Kielmann, Bal, Verstoep, "Fast Measurement of LogP Parameters for Message Passing
 * Platforms", as Netgauge's pLogP pattern implements it): o_s(m) is the time a sender spends in
 * a blocking send of m bytes, timed directly with the network idle (a round trip separates the
 * timings); o_r(m) is the time a receiver spends in a receive posted only after the message has
 * surely arrived (the receiver waits twice the round trip after telling the sender to go), so
 * none of the wire time is in it; g(m) is the time per message of a saturating stream, which is
 * Netgauge's T(m). Where Netgauge derives o_s from differences of round trips, pLogP times it:
 * two methods for one quantity, so each checks the other.
 */
public final class PLogPMethod {
    private PLogPMethod() {
    }

    public static PLogPEstimate analyse(AssessmentData data) {
        List<SizeMeasurement> sizes = data.sizes();
        if (sizes.size() < 3) {
            throw new IllegalArgumentException("data.sizes: pLogP's per-byte fits need at least 3 sizes, but had "
                    + sizes.size());
        }
        List<PLogPEstimate.Row> table = new ArrayList<>();
        double[] x = new double[sizes.size()];
        double[] os = new double[sizes.size()];
        double[] or = new double[sizes.size()];
        for (int i = 0; i < sizes.size(); i++) {
            SizeMeasurement m = sizes.get(i);
            x[i] = m.bytes();
            os[i] = m.sendOverhead().median();
            or[i] = m.receiveOverhead().median();
            table.add(new PLogPEstimate.Row(m.bytes(), os[i], or[i], NetgaugeMethod.gapTime(m, data.n())));
        }
        SizeMeasurement smallest = sizes.get(0);
        return new PLogPEstimate(table,
                Estimate.timing(smallest.sendOverhead(), "o_s(" + smallest.bytes() + "): blocking send timed on the sender"),
                Estimate.timing(smallest.receiveOverhead(), "o_r(" + smallest.bytes() + "): delayed receive timed on the receiver"),
                Estimate.slope(new Curve(x, os).line(), "slope of o_s(m) over m, relative least squares"),
                Estimate.slope(new Curve(x, or).line(), "slope of o_r(m) over m, relative least squares"));
    }
}
