package dev.nbc.core.transport.inprocess;

/**
 * A LogGP network planted into an {@link InProcessWorld}, so that the models (nbc-models) and the
 * benchmark can be checked against a machine whose parameters are known exactly rather than
 * fitted. Times are in nanoseconds, {@code G} in nanoseconds per byte; m is a message's length in
 * bytes and {@code (m-1)G} is taken as 0 for m = 0 (LogGOPSim's convention, also that of the
 * schedule simulator).
 *
 * <p>The rules, for a send posted (its {@code send()} entered) at time t on rank s:
 * <pre>
 *   start     = max(t + o_s, nicFree[s])       the NIC takes the message
 *   injected  = start + (m-1)G                 the send's test() is true from here on
 *   arrival   = injected + L                   the receive's test() may be true from here on
 *   nicFree[s] = start + g + (m-1)G            the next message of rank s waits for this
 * </pre>
 * and, in CPU time:
 * <ul>
 * <li>{@code send()} returns no earlier than t + o_s: it busy-spins for what is left of o_s after
 *     its own work (the copy of the data), so o_s is a floor on the call's cost, not an addition to
 *     it. k sends posted back to back thus cost k o_s, as in LogGP.</li>
 * <li>The {@code test()} call of a receive that first finds now &gt;= arrival returns no earlier than
 *     o_r after it was entered (again a floor that includes the copy it may do). Calls before that
 *     cost a few tens of nanoseconds.</li>
 * </ul>
 * Hence an uncontended one-way message, with the receive posted in time and its owner polling,
 * is observed complete {@link #oneWayNanos(int) o_s + (m-1)G + L + o_r} after its send was posted.
 * By default only the sender's NIC is modelled (no gap at the receiver, no contention in the
 * network): messages arriving at one rank at once are all there together, and only their o_r
 * queue on its CPU. Self-sends go through the same rules as any other message.
 *
 * <p>{@link #withReceiveGap()}: receivers serialise too, by LogGOPSim's convention (spcl/LogGOPSim,
 * {@code LogGOPSim.cpp}, the {@code OP_MSG} case: a reception begins when its first byte is there,
 * the receiver's CPU is free and its receive-side gap has passed, holds the CPU for
 * {@code o + (m-1)G} and the NIC for {@code g + (m-1)G}), the same rule as the schedule
 * simulator's {@code SimulationConfig.withReceiveGap()}. Here, for a message to rank r:
 * <pre>
 *   begin      = max(start + L, rxFree[r])          its first byte arrives L after the NIC took it
 *   arrival    = begin + (m-1)G                     the last byte; then o_r on r's polling thread
 *   rxFree[r]  = begin + (m-1)G + max(g, o_r)       the next reception at r waits for this
 * </pre>
 * (plus, with {@link Heterogeneity}, the link's m / beta inside the booking, the receiver's
 * C + t m in its o_r, and no separate M2 booking: every message is then received in turn). The
 * booking stands for LogGOPSim's two: the NIC free again at {@code begin + g + (m-1)G} and the CPU
 * at {@code begin + (m-1)G + o_r}, which holds when the receiver polls as its messages arrive and
 * does nothing else meanwhile. A lone message is unchanged ({@code begin = start + L}); n sent to
 * one rank at once complete {@code max(g, o_r) + (m-1)G} apart. On the real clock bookings are made
 * by the senders' threads in the order they call {@code send()}; on virtual time by the receiver,
 * in the order of the messages' times ({@link InboundQueue}), as for Heterogeneity's M2.
 *
 * <p>Nothing runs in the background: a message "arrives" when the receiver's poll sees that the
 * clock ({@link System#nanoTime()}) has passed its arrival time, so the receiver observes it late by
 * however long it was not polling, and by scheduling delays when there are more busy threads than
 * cores. Each term is rounded to whole nanoseconds.
 *
 * @param L        latency: from the last byte leaving the sender's NIC to its arrival
 * @param oSend    CPU overhead of posting a send, spent on the thread that calls {@code send()}
 * @param oReceive CPU overhead of completing a receive, spent on the thread whose {@code test()}
 *                 first observes it complete
 * @param g        gap: the least time between the starts of two injections by one NIC
 * @param G        gap per byte: the inverse bandwidth
 * @param receiveGap receivers serialise their receptions (LogGOPSim's convention, above); off by default
 */
public record EmulatedNetwork(double L, double oSend, double oReceive, double g, double G, boolean receiveGap) {
    private static final EmulatedNetwork NONE = new EmulatedNetwork(0, 0, 0, 0, 0);

    public EmulatedNetwork {
        requireTime("L", L);
        requireTime("oSend", oSend);
        requireTime("oReceive", oReceive);
        requireTime("g", g);
        requireTime("G", G);
    }

    /** Without the receive-side gap: receivers absorb messages arriving at once together. */
    public EmulatedNetwork(double L, double oSend, double oReceive, double g, double G) {
        this(L, oSend, oReceive, g, G, false);
    }

    /** The same network with receivers serialising their receptions, by LogGOPSim's convention. */
    public EmulatedNetwork withReceiveGap() {
        return new EmulatedNetwork(L, oSend, oReceive, g, G, true);
    }

    private static void requireTime(String name, double value) {
        if (!Double.isFinite(value) || value < 0) {
            throw new IllegalArgumentException(name + ": must be a finite, non-negative number of nanoseconds"
                    + (name.equals("G") ? " per byte" : "") + ", but was " + value);
        }
    }

    /**
     * The ideal network: messages complete as soon as their data has been copied, and the transport
     * never reads the clock.
     */
    public static EmulatedNetwork none() {
        return NONE;
    }

    /** The paper's LogGP machine, whose o is the same on both sides. */
    public static EmulatedNetwork symmetric(double L, double o, double g, double G) {
        return new EmulatedNetwork(L, o, o, g, G);
    }

    /**
     * {@code (m-1)G + max(g, o_r)} in whole nanoseconds: with {@link #withReceiveGap()}, how long a
     * reception of {@code bytes} keeps a rank from beginning the next one.
     */
    public long receptionNanos(int bytes) {
        return injectionNanos(bytes) + Math.max(Math.round(g), Math.round(oReceive));
    }

    /** True if this network adds no time at all, so the transport can skip the clock. */
    public boolean isIdeal() {
        return L == 0 && oSend == 0 && oReceive == 0 && g == 0 && G == 0;
    }

    /** (m-1)G in whole nanoseconds, with m-1 clamped at 0: how long the NIC takes to inject m bytes. */
    public long injectionNanos(int bytes) {
        return Math.round(Math.max(0, bytes - 1) * G);
    }

    /**
     * o_s + (m-1)G + L + o_r in whole nanoseconds: from posting a send of {@code bytes} bytes to its
     * receive being observed complete, when the NIC is free and the receiver polls in time. The
     * figure that ping-pong measurements should reproduce.
     */
    public long oneWayNanos(int bytes) {
        return Math.round(oSend) + injectionNanos(bytes) + Math.round(L) + Math.round(oReceive);
    }
}
