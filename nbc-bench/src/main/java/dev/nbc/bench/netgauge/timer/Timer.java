package dev.nbc.bench.netgauge.timer;

/**
 * Netgauge's timer abstraction (paper section 1.2: "an abstract timer interface which is able to
 * support system-dependent high-performance timers"): a clock in nanoseconds, and what it is.
 */
public interface Timer {

    /** Its name on the command line and in reports. */
    String name();

    /** Now, in nanoseconds since an arbitrary origin of this timer. */
    long nanos();
}
