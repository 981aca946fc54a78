package dev.nbc.models.assessment.netgauge;

import dev.nbc.models.assessment.AssessmentData;
import dev.nbc.models.assessment.CpuPerByte;
import dev.nbc.models.assessment.Estimate;
import dev.nbc.models.assessment.SizeMeasurement;
import dev.nbc.models.assessment.Spread;
import dev.nbc.models.assessment.fit.Curve;
import dev.nbc.models.assessment.fit.LineFit;
import dev.nbc.models.assessment.fit.ProtocolRegions;
import dev.nbc.models.assessment.fit.Region;

import java.util.ArrayList;
import java.util.List;

/**
 * LogGP from PRTT measurements, as Netgauge does it (Netgauge paper section 3.3, after Hoefler,
 * Lichei and Rehm, "Low-Overhead LogGP Parameter Assessment for Modern Interconnection Networks"):
 *
 * <ul>
 * <li>{@code T(s) = (PRTT(n, 0, s) - PRTT(1, 0, s)) / (n - 1)}: sending n messages back to back
 *     instead of one adds n - 1 times the time the sender's NIC needs per message, so T(s) is
 *     LogGP's {@code g + (s - 1) G}. A weighted least-squares line over s - 1 gives g (intercept,
 *     "the value at size = 1 byte") and G (slope), per protocol region found by
 *     {@link ProtocolRegions} (the paper's figure 7 shows two).</li>
 * <li>{@code o_s(s) = (PRTT(n, d, s) - PRTT(1, 0, s)) / (n - 1) - d} with {@code d = PRTT(1, 0, s)}:
 *     with a delay longer than the gap between the sends, each extra message costs the sender its
 *     overhead plus d. The assessed o_s is the intercept of the line through o_s(s) over the first
 *     region (the small-message overhead). It is the most noise-sensitive estimate: a difference of
 *     two times about n (d + o_s) long, divided by n - 1, so relative timing noise is amplified by
 *     about (d + o_s) / o_s; pLogP's directly timed o_s ({@code PLogPMethod}) is the cross-check.</li>
 * <li>o_r: the receive timed on the receiver when the message has surely arrived (delayed
 *     receive); intercept of its line over the first region.</li>
 * <li>L: Netgauge reports {@code PRTT(1, 0, 1) / 2}. It cannot measure L exactly: a round trip only
 *     ever contains L summed with the overheads of both ends ({@code PRTT(1,0,1) = 2 (o_s + L + o_r)}
 *     in LogGP), one-way times would need clocks synchronised far below L, and how much of a real
 *     NIC's o overlaps the wire is not observable at all. Given o_s and o_r we also report
 *     {@code PRTT(1,0,1)/2 - o_s - o_r}, LogGP's L under the convention the emulated network and the
 *     simulator use (one-way = o_s + L + o_r); it is only as good as the overheads subtracted.</li>
 * <li>O (LogGOPS's CPU overhead per byte, not Netgauge's), when the CPU-per-byte probe ran: each
 *     rank sent and received B bytes in k messages while computing, and its computation took S
 *     longer; the simulator charges a rank {@code k (o_s + o_r)} and {@code 2 B O} for that, so
 *     {@code O = (S - k (o_s + o_r)) / 2B}, S the two ranks' median stretch averaged (as o is
 *     the mean of the two sides').</li>
 * </ul>
 */
public final class NetgaugeMethod {
    /** Fewest sizes per protocol region (a line with a residual and a meaningful Chow test). */
    public static final int MIN_REGION_POINTS = 4;
    /** At most this many regions (eager, rendezvous, and one more, e.g. a pipelined protocol). */
    public static final int MAX_REGIONS = 3;

    private NetgaugeMethod() {
    }

    /**
     * @throws IllegalArgumentException if fewer than {@code 2 * MIN_REGION_POINTS} sizes were measured
     */
    public static LogGPEstimate analyse(AssessmentData data) {
        List<SizeMeasurement> sizes = data.sizes();
        if (sizes.size() < 2 * MIN_REGION_POINTS) {
            throw new IllegalArgumentException("data.sizes: the PRTT fit needs at least " + 2 * MIN_REGION_POINTS
                    + " message sizes, but had " + sizes.size());
        }
        int k = sizes.size();
        double[] x = new double[k];
        double[] gap = new double[k];
        double[] sendOverhead = new double[k];
        double[] receiveOverhead = new double[k];
        for (int i = 0; i < k; i++) {
            SizeMeasurement m = sizes.get(i);
            x[i] = m.bytes() - 1;   // LogGP's (s - 1) G
            gap[i] = gapTime(m, data.n());
            sendOverhead[i] = (m.prttNDelayed().median() - m.prtt1().median()) / (data.n() - 1) - m.delay();
            receiveOverhead[i] = m.receiveOverhead().median();
        }
        List<Region> found = ProtocolRegions.segment(x, positive(gap), MIN_REGION_POINTS, MAX_REGIONS);
        List<GapRegion> regions = new ArrayList<>();
        for (Region r : found) {
            LineFit f = r.fit();
            regions.add(new GapRegion(sizes.get(r.from()).bytes(), sizes.get(r.to()).bytes(),
                    Estimate.intercept(f, "g: intercept of T(s) = (PRTT(n,0,s) - PRTT(1,0,s))/(n-1) over s-1, n = "
                            + data.n()),
                    Estimate.slope(f, "G: slope of T(s) over s-1")));
        }
        Region first = found.get(0);
        Estimate os = Estimate.intercept(new Curve(x, sendOverhead).range(first.from(), first.to()).line(),
                "o_s: intercept of (PRTT(n,d,s) - PRTT(1,0,s))/(n-1) - d, d = PRTT(1,0,s), over the first region");
        Estimate or = Estimate.intercept(new Curve(x, receiveOverhead).range(first.from(), first.to()).line(),
                "o_r: intercept of the delayed-receive time over the first region");
        SizeMeasurement smallest = sizes.get(0);
        Estimate netgaugeL = Estimate.timing(smallest.prtt1().scaled(0.5),
                "PRTT(1,0," + smallest.bytes() + ")/2, as Netgauge reports L");
        Estimate latency = netgaugeL.minus(os, "PRTT(1,0," + smallest.bytes() + ")/2 - o_s - o_r")
                .minus(or, "PRTT(1,0," + smallest.bytes() + ")/2 - o_s - o_r");
        return new LogGPEstimate(netgaugeL, latency, os, or, regions, data.gammaNsPerByte(),
                data.cpuPerByte() == null ? null : perByteOverhead(data.cpuPerByte(), os.value() + or.value()));
    }

    /** O from the probe's stretch, the messages' o taken out; its range from the ranks' quartiles. */
    static Estimate perByteOverhead(CpuPerByte probe, double overheadsPerMessagePair) {
        double messagesOverhead = probe.messages() * overheadsPerMessagePair;
        double perByte = 1.0 / (2.0 * probe.bytesEachWay());
        double q25 = (probe.stretch().get(0).q25() + probe.stretch().get(1).q25()) / 2;
        double q75 = (probe.stretch().get(0).q75() + probe.stretch().get(1).q75()) / 2;
        int samples = probe.stretch().get(0).samples() + probe.stretch().get(1).samples();
        Spread stretch = new Spread(probe.meanStretch(), q25, q75, samples);
        return new Estimate((stretch.median() - messagesOverhead) * perByte, (q25 - messagesOverhead) * perByte,
                (q75 - messagesOverhead) * perByte, "IQR", Double.NaN, stretch.relativeIqr(), samples,
                "O: (S - k (o_s + o_r)) / 2B, S the computation's stretch while each rank sent and received B = "
                        + probe.bytesEachWay() + " B in k = " + probe.messages() + " messages");
    }

    /** Netgauge's T(s): the extra time per extra message sent back to back. */
    public static double gapTime(SizeMeasurement m, int n) {
        return (m.prttN().median() - m.prtt1().median()) / (n - 1);
    }

    /** T(s) is a difference of medians; noise can push a tiny one to 0, which a relative fit cannot take. */
    private static double[] positive(double[] values) {
        double[] v = values.clone();
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.max(v[i], 1.0);
        }
        return v;
    }
}
