package dev.nbc.bench.ops;

import dev.nbc.bench.report.Column;

/**
 * What nbc's progress engine did over a measured stretch ({@link EngineCounters}), as columns of
 * a result row. Every count is null for the MPI library's calls, and is the median of the runs'
 * counts in a row merged over runs (so a number, not always a whole one).
 *
 * @param policy             the engine's progress policy, null for the MPI library's calls
 * @param threadWakeups      times the progress thread woke from a sleep or park
 * @param threadPasses       passes the progress thread ran over the engine
 * @param threadProgress     of those, passes that completed a round or a collective
 * @param wakeupsByCallers   times an application thread leaving the library woke the progress thread
 * @param callerPassesMissed times an application thread found the engine held by another thread
 */
public record EngineCounts(@Column("policy") String policy, @Column("thread_wakeups") Number threadWakeups,
                           @Column("thread_passes") Number threadPasses, @Column("thread_progress") Number threadProgress,
                           @Column("wakeups_by_callers") Number wakeupsByCallers,
                           @Column("caller_passes_missed") Number callerPassesMissed) {
}
