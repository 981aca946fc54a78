package dev.nbc.models.loggp;

import dev.nbc.core.schedule.Collective;

/**
 * Equations (1)-(6) of Hoefler, Squyres, Rehm, Lumsdaine, "A Case for Non-Blocking Collective
 * Operations", section 2.1, exactly as printed: the running times of a dissemination barrier, a
 * binomial reduce followed by a binomial broadcast (allreduce) and a binomial broadcast, each in
 * ceil(log2 P) message steps, and their split into CPU and network parts.
 *
 * <p>The equations assume a network with full bisection bandwidth, full duplex links, unlimited
 * forwarding, constant L and o, and {@code o > L > g}: so g never appears (a process sends at most
 * one message per step and o hides the gap), and each of the ceil(log2 P) steps costs one send
 * overhead, one receive overhead, the latency and the {@code m * G} transfer. Note that the paper
 * charges {@code m * G} per message where LogGP proper charges {@code (m - 1) * G}; see
 * docs/models.md for how that and the tree shapes make the schedule simulator differ.
 *
 * <p>All methods take the message size {@code m} in bytes (ignored by the barrier) and use
 * {@code p.P()} processes; times are in nanoseconds.
 */
public final class CollectiveEquations {
    private CollectiveEquations() {
    }

    /** ceil(log2 P), the number of message steps of every algorithm modelled; 0 for P = 1. */
    public static int ceilLog2(int processes) {
        if (processes < 1) {
            throw new IllegalArgumentException("processes: must be >= 1, but was " + processes);
        }
        return processes == 1 ? 0 : 32 - Integer.numberOfLeadingZeros(processes - 1);
    }

    /** Equation (1): {@code t_barr = (2o + L) * ceil(log2 P)}. */
    public static double barrier(LogGPParameters p) {
        return (2 * p.o() + p.L()) * ceilLog2(p.P());
    }

    /** Equation (2): {@code t_allred = 2 (2o + L + mG) ceil(log2 P) + m gamma ceil(log2 P)}. */
    public static double allreduce(LogGPParameters p, long m) {
        checkSize(m);
        int steps = ceilLog2(p.P());
        return 2 * (2 * p.o() + p.L() + m * p.G()) * steps + m * p.gamma() * steps;
    }

    /** Equation (3): {@code t_bcast = (2o + L + mG) ceil(log2 P)}. */
    public static double bcast(LogGPParameters p, long m) {
        checkSize(m);
        return (2 * p.o() + p.L() + m * p.G()) * ceilLog2(p.P());
    }

    /**
     * The paper's CPU/network split of {@code collective} with messages of {@code m} bytes:
     * equations (4)-(6).
     *
     * @throws IllegalArgumentException for a collective the paper has no equation for
     */
    public static CostSplit split(Collective collective, LogGPParameters p, long m) {
        return switch (collective) {
            case BARRIER -> barrierSplit(p);
            case BCAST -> bcastSplit(p, m);
            case ALLREDUCE -> allreduceSplit(p, m);
            default -> throw new IllegalArgumentException("collective: the paper's equations cover barrier, bcast and allreduce, not "
                    + collective.label());
        };
    }

    /** Equation (4): {@code t_barr^CPU = 2o ceil(log2 P)}, {@code t_barr^NET = L ceil(log2 P)}. */
    public static CostSplit barrierSplit(LogGPParameters p) {
        int steps = ceilLog2(p.P());
        return new CostSplit(2 * p.o() * steps, p.L() * steps);
    }

    /**
     * Equation (5): {@code t_allred^CPU = (4o + m gamma) ceil(log2 P)},
     * {@code t_allred^NET = 2 (L + mG) ceil(log2 P)}.
     */
    public static CostSplit allreduceSplit(LogGPParameters p, long m) {
        checkSize(m);
        int steps = ceilLog2(p.P());
        return new CostSplit((4 * p.o() + m * p.gamma()) * steps, 2 * (p.L() + m * p.G()) * steps);
    }

    /** Equation (6): {@code t_bcast^CPU = 2o ceil(log2 P)}, {@code t_bcast^NET = (L + mG) ceil(log2 P)}. */
    public static CostSplit bcastSplit(LogGPParameters p, long m) {
        checkSize(m);
        int steps = ceilLog2(p.P());
        return new CostSplit(2 * p.o() * steps, (p.L() + m * p.G()) * steps);
    }

    private static void checkSize(long m) {
        if (m < 0) {
            throw new IllegalArgumentException("m: the message size must be >= 0 bytes, but was " + m);
        }
    }
}
