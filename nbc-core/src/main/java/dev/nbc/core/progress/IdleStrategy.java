package dev.nbc.core.progress;

/**
 * What a {@link ProgressPolicy#DEDICATED} progress thread does on a pass that changed nothing.
 *
 * <p>The default, {@link #BACKOFF}, suits a machine where the progress thread shares a core with
 * the application: with collectives in flight it keeps polling (the transport needs it) but yields
 * the core after a short spin; with nothing in flight it spins briefly, then parks with a growing
 * time-out and is unparked by the next submission, so an idle library costs next to no CPU.
 */
public enum IdleStrategy {
    /** Poll without pause: lowest latency, a whole core while the engine lives. */
    BUSY_SPIN,
    /** Yield on every idle pass: low latency, gives way to runnable threads, but never sleeps. */
    YIELD,
    /** Spin, then yield while in flight; spin, then park with back-off while idle (default). */
    BACKOFF;

    /**
     * Time since the last useful pass spent spinning before yielding (in flight) or parking
     * (idle): collectives often come in bursts, and a parked thread takes tens of microseconds
     * to wake.
     */
    static final long SPIN_NANOS = 50_000;
    /** First and longest park while nothing is in flight; submissions unpark at once. */
    static final long MIN_PARK_NANOS = 50_000;
    static final long MAX_PARK_NANOS = 10_000_000;

    /**
     * True if a pass that found nothing {@code sinceWork} ns after the last useful one should be
     * followed by {@link #pause()}; false when BACKOFF's spin phase is over (then it yields while
     * collectives are in flight and parks while none are).
     */
    boolean stillPolling(long sinceWork) {
        return this != BACKOFF || sinceWork < SPIN_NANOS;
    }

    /** One pause of a dedicated thread's poll loop that found nothing to do (BACKOFF: its spin phase). */
    void pause() {
        if (this == YIELD) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
    }
}
