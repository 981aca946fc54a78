package dev.nbc.core.internal;

/** What a {@link dev.nbc.core.request.Request} needs from the engine that runs it (not API: the engine hands it to its requests). */
public interface ProgressHook {

    /** A time argument meaning that the caller read no clock: the engine reads one if it needs it. */
    long CLOCK_NOT_READ = Long.MIN_VALUE;

    /**
     * Advances the engine once from the calling thread, unless another thread is doing so.
     *
     * @param now the caller's System.nanoTime, read before (a spinning waiter reads it every few
     *            polls only: up to a few microseconds old), or {@link #CLOCK_NOT_READ}
     */
    void progressOnce(long now);

    /**
     * The application took a request's future: it may wait for completions without calling into
     * the library, so a progress thread must complete every round itself.
     */
    void futureTaken();

    /**
     * The calling thread starts polling for a request of this engine (and so progresses every
     * collective in flight): a progress thread may step aside meanwhile rather than compete for
     * the core and the engine.
     *
     * @param now the waiter's System.nanoTime as it starts (the engine reads no clock of its own for it)
     */
    void beginActiveWait(long now);

    /**
     * The calling thread stops polling.
     *
     * @param handOver true if it stops before its request completed (it is about to block): a
     *                 progress thread must take over at once
     * @param now      the waiter's latest System.nanoTime (read before its last poll, or a few
     *                 polls before it)
     */
    void endActiveWait(boolean handOver, long now);

    /** A thread that stopped polling with {@code handOver} (and blocked) is awake again. */
    void endBlockedWait();

    /**
     * True if a waiter may block (park) and leave the polling to a progress thread, which then
     * completes its request: where that thread has a core of its own. Elsewhere waiters poll
     * until done, because waking a parked thread costs tens of microseconds on a shared core.
     */
    boolean takesOverBlockedWaiters();
}
