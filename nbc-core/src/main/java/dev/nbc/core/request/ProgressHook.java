package dev.nbc.core.request;

/** What a {@link Request} needs from the engine that runs it. */
public interface ProgressHook {

    /** Advances the engine once from the calling thread, unless another thread is doing so. */
    void progressOnce();

    /**
     * The calling thread starts polling for a request of this engine (and so progresses every
     * collective in flight): a progress thread may step aside meanwhile rather than compete for
     * the core and the engine.
     */
    void beginActiveWait();

    /** The calling thread stops polling; a progress thread must take over. */
    void endActiveWait();

    /** True if a progress thread completes requests without anyone testing them. */
    boolean progressedInBackground();
}
