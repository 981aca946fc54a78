package dev.nbc.models.jitter;

/** Where in the trace each task starts (jitSim, section 3.3 and 3.5). */
public enum StartMode {
    /** Each task at its own random point: unsynchronised noise (the paper's baseline). */
    RANDOM,
    /** All tasks at one random point: the noise hits every task at the same time. */
    SYNCHRONIZED,
    /**
     * Each task at a random start of a high-priority window of a {@link CoScheduler}, whose
     * windows are aligned on every node: the noise is moved into the low-priority windows.
     */
    CO_SCHEDULED
}
