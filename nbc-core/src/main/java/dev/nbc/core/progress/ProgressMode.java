package dev.nbc.core.progress;

/** Who advances collectives. */
public enum ProgressMode {
    /** A background progress thread, shared by every communicator of the engine (default). */
    THREAD,
    /**
     * No thread: collectives advance only inside {@code Request.test()} and {@code await()}, as in
     * LibNBC without its thread. For comparison in the benchmark, and for applications that test
     * often anyway.
     */
    MANUAL
}
