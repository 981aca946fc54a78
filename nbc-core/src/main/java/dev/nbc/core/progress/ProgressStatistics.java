package dev.nbc.core.progress;

/**
 * What an engine's progress thread and callers did so far, for seeing how a progress policy
 * behaves on a machine, and the memory its scratch pool holds ({@link ProgressEngine#statistics()}).
 *
 * @param threadWakeups   times the progress thread woke from a sleep or park
 * @param threadPasses    passes the progress thread ran over the engine
 * @param threadProgress  of those, passes that completed a round or a collective
 * @param wakeupsByCallers times an application thread leaving the library woke the progress thread
 * @param callerPassesMissed times an application thread found the engine held by another thread
 * @param scratchBytes    bytes of the scratch buffers the engine holds, lent to collectives in flight or kept for reuse
 * @param scratchBuffers  how many scratch buffers it holds
 */
public record ProgressStatistics(long threadWakeups, long threadPasses, long threadProgress, long wakeupsByCallers,
                                 long callerPassesMissed, long scratchBytes, int scratchBuffers) {
}
