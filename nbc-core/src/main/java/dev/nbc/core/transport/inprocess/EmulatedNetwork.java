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
 * Only the sender's NIC is modelled (no gap at the receiver, no contention in the network), and
 * self-sends go through the same rules as any other message.
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
 */
public record EmulatedNetwork(double L, double oSend, double oReceive, double g, double G) {
    private static final EmulatedNetwork NONE = new EmulatedNetwork(0, 0, 0, 0, 0);

    public EmulatedNetwork {
        requireTime("L", L);
        requireTime("oSend", oSend);
        requireTime("oReceive", oReceive);
        requireTime("g", g);
        requireTime("G", G);
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
