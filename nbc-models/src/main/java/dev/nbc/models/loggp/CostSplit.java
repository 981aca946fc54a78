package dev.nbc.models.loggp;

/**
 * A collective's predicted time split between the two entities of the paper (section 2.1): the
 * processor, charged with o and gamma, and the network, charged with L, g and G. In equations
 * (1)-(3) the two parts simply add up: {@code total = cpu + network} (equations (4)-(6)).
 *
 * @param cpu     time the CPU is busy (ns)
 * @param network time the CPU waits for the network (ns)
 */
public record CostSplit(double cpu, double network) {

    public CostSplit {
        if (!(cpu >= 0) || !(network >= 0) || Double.isInfinite(cpu) || Double.isInfinite(network)) {
            throw new IllegalArgumentException("cpu, network: must be finite and >= 0, but were " + cpu + ", " + network);
        }
    }

    /** {@code cpu + network}: equations (1)-(3) are the sums of the parts in (4)-(6). */
    public double total() {
        return cpu + network;
    }

    /**
     * The overlap potential: the share of the collective's time in which the CPU is idle and could
     * compute if the collective were non-blocking, {@code 1 - t_CPU / t_total} (which equals
     * {@code t_NET / t_total} here). It is the quantity the paper's argument in section 2.1 rests on
     * ("the gap between t^CPU and t^NET grows with ... P"). Defined as 0 when the collective takes no
     * time at all (P = 1): there is nothing to overlap.
     */
    public double overlapPotential() {
        double total = total();
        return total > 0 ? 1.0 - cpu / total : 0.0;
    }
}
