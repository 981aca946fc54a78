package dev.nbc.models.loggp;

import dev.nbc.core.transport.inprocess.EmulatedNetwork;

/**
 * The LogGP parameters (Alexandrov et al.) plus the computation rate gamma that the paper
 * "A Case for Non-Blocking Collective Operations" (section 2.1) adds to price reductions.
 * Times are in nanoseconds, per-byte costs in nanoseconds per byte.
 *
 * @param L     network latency: time from the last byte leaving the sender's NIC to its arrival
 * @param o     CPU overhead of one send or one receive (the same on both sides, as in the paper)
 * @param g     gap: the minimum time between two consecutive message injections of one NIC
 * @param G     gap per byte: the inverse bandwidth of bulk transfers
 * @param P     number of processes
 * @param gamma time to reduce one byte (fetch, compute, store); the paper's γ
 * @param O     CPU overhead per byte of a send or a receive, beyond o: LogGOPS's O (Hoefler,
 *              Schneider, Lumsdaine, "LogGOPSim", 2010), the CPU a host spends moving each byte
 *              (the kernel's TCP work, copies); 0 in LogGP, where the NIC moves the bytes
 */
public record LogGPParameters(double L, double o, double g, double G, int P, double gamma, double O) {

    public LogGPParameters {
        requireTime("L", L);
        requireTime("o", o);
        requireTime("g", g);
        requireTime("G", G);
        requireTime("gamma", gamma);
        requireTime("O", O);
        if (P < 1) {
            throw new IllegalArgumentException("P: the number of processes must be >= 1, but was " + P);
        }
    }

    private static void requireTime(String name, double value) {
        if (!Double.isFinite(value) || value < 0) {
            throw new IllegalArgumentException(name + ": must be a finite, non-negative number of nanoseconds"
                    + (name.equals("G") || name.equals("gamma") || name.equals("O") ? " per byte" : "") + ", but was " + value);
        }
    }

    /** LogGP's parameters: no CPU overhead per byte (O = 0). */
    public LogGPParameters(double L, double o, double g, double G, int P, double gamma) {
        this(L, o, g, G, P, gamma, 0);
    }

    /**
     * The parameters an emulated network was given (the planted ones), on {@code processes}
     * processes: o is the mean of its send and receive overheads, as the paper has one o.
     */
    public static LogGPParameters of(EmulatedNetwork network, int processes, double gamma) {
        return new LogGPParameters(network.L(), (network.oSend() + network.oReceive()) / 2, network.g(), network.G(), processes,
                gamma);
    }

    /** The same parameters for {@code processes} processes. */
    public LogGPParameters withP(int processes) {
        return new LogGPParameters(L, o, g, G, processes, gamma, O);
    }

}
