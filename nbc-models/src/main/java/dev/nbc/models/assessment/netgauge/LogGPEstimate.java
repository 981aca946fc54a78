package dev.nbc.models.assessment.netgauge;

import dev.nbc.models.assessment.Estimate;
import dev.nbc.models.loggp.LogGPParameters;

import java.util.List;

/**
 * LogGP parameters assessed by Netgauge's PRTT method (Hoefler, Lichei, Rehm; Netgauge paper
 * section 3.3), ns and ns per byte.
 *
 * @param latencyNetgauge L as Netgauge reports it, PRTT(1, 0, 1) / 2: the one-way time of a
 *                        1-byte message, overheads included
 * @param latency         L as LogGP (and nbc's emulated network and simulator) define it:
 *                        PRTT(1, 0, 1) / 2 - o_s - o_r, the wire time alone
 * @param sendOverhead    o_s at the smallest size, the intercept of o_s(s) from PRTT(n, d, s)
 * @param receiveOverhead o_r at the smallest size, the intercept of the delayed-receive timings
 * @param regions         g and G per protocol region, ascending sizes
 * @param gamma           time to reduce one byte (the paper's γ), timed on the measuring rank
 * @param perByteOverhead LogGOPS's O, the CPU a send or a receive costs per byte beyond o, from the
 *                        CPU-per-byte probe; null when it was not measured (then O = 0, LogGP)
 */
public record LogGPEstimate(Estimate latencyNetgauge, Estimate latency, Estimate sendOverhead,
                            Estimate receiveOverhead, List<GapRegion> regions, double gamma, Estimate perByteOverhead) {

    public LogGPEstimate {
        regions = List.copyOf(regions);
        if (regions.isEmpty()) {
            throw new IllegalArgumentException("regions: need at least one protocol region");
        }
    }

    /** Without O (LogGP). */
    public LogGPEstimate(Estimate latencyNetgauge, Estimate latency, Estimate sendOverhead, Estimate receiveOverhead,
                         List<GapRegion> regions, double gamma) {
        this(latencyNetgauge, latency, sendOverhead, receiveOverhead, regions, gamma, null);
    }

    /** The region whose g and G apply to messages of {@code bytes}: the one covering it, else the nearest. */
    public GapRegion regionFor(long bytes) {
        for (GapRegion r : regions) {
            if (r.covers(bytes)) {
                return r;
            }
        }
        // Between two regions' measured sizes, or outside the sweep: the nearest region's line.
        return bytes < regions.get(0).fromBytes() ? regions.get(0)
                : bytes > regions.get(regions.size() - 1).toBytes() ? regions.get(regions.size() - 1)
                : regions.stream().filter(r -> r.toBytes() < bytes).reduce((a, b) -> b).orElseThrow();
    }

    /**
     * The parameters for the equations and the simulator, for {@code processes} ranks and messages
     * of about {@code bytes}: g and G from that size's protocol region, and one o, the mean of o_s
     * and o_r, because the paper's model (and the simulator) charges the same o on both sides; O
     * when it was measured. Negative estimates (noise around a true 0) are clamped to 0.
     */
    public LogGPParameters parameters(int processes, long bytes) {
        GapRegion r = regionFor(bytes);
        double o = (sendOverhead.value() + receiveOverhead.value()) / 2;
        return new LogGPParameters(Math.max(0, latency.value()), Math.max(0, o), Math.max(0, r.g().value()),
                Math.max(0, r.G().value()), processes, Math.max(0, gamma),
                perByteOverhead == null ? 0 : Math.max(0, perByteOverhead.value()));
    }
}
