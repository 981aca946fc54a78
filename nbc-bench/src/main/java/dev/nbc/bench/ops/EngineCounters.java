package dev.nbc.bench.ops;

import dev.nbc.core.progress.ProgressStatistics;

import java.util.Map;

/** The engine counters of an nbc operation over a measured stretch, as columns of a result row. */
public final class EngineCounters {
    private final Operation op;
    private final ProgressStatistics before;

    private EngineCounters(Operation op) {
        this.op = op;
        this.before = op.statistics();
    }

    /** Starts counting now. */
    public static EngineCounters start(Operation op) {
        return new EngineCounters(op);
    }

    /** Adds the policy and what the engine did since {@link #start} (per rank 0's engine) to {@code row}. */
    public void addTo(Map<String, Object> row) {
        ProgressStatistics after = op.statistics();
        row.put("policy", op.policy());
        row.put("thread_wakeups", before == null ? null : after.threadWakeups() - before.threadWakeups());
        row.put("thread_passes", before == null ? null : after.threadPasses() - before.threadPasses());
        row.put("thread_progress", before == null ? null : after.threadProgress() - before.threadProgress());
        row.put("wakeups_by_callers", before == null ? null : after.wakeupsByCallers() - before.wakeupsByCallers());
        row.put("caller_passes_missed", before == null ? null : after.callerPassesMissed() - before.callerPassesMissed());
    }
}
