package dev.nbc.core.progress;

/**
 * What an engine's progress thread and callers did so far, for seeing how a progress policy
 * behaves on a machine ({@link ProgressEngine#statistics()}).
 *
 * @param threadWakeups   times the progress thread woke from a sleep or park
 * @param threadPasses    passes the progress thread ran over the engine
 * @param threadProgress  of those, passes that completed a round or a collective
 * @param wakeupsByCallers times an application thread leaving the library woke the progress thread
 * @param callerPassesMissed times an application thread found the engine held by another thread
 */
public record ProgressStatistics(long threadWakeups, long threadPasses, long threadProgress, long wakeupsByCallers,
                                 long callerPassesMissed) {
}
