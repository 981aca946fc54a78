package dev.nbc.bench.ops;

import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressStatistics;

import java.util.Map;
import java.util.Optional;

/** The engine counters of an nbc call over a measured stretch, as columns of a result row (empty for the MPI library's). */
public final class EngineCounters {
    private final Optional<ProgressEngine> engine;
    private final ProgressStatistics before;

    private EngineCounters(VariantCall op) {
        this.engine = op.call().engine();
        this.before = engine.map(ProgressEngine::statistics).orElse(null);
    }

    /** Starts counting now. */
    public static EngineCounters start(VariantCall op) {
        return new EngineCounters(op);
    }

    /** Adds the policy and what the engine did since {@link #start} (per rank 0's engine) to {@code row}. */
    public void addTo(Map<String, Object> row) {
        ProgressStatistics after = engine.map(ProgressEngine::statistics).orElse(null);
        row.put("policy", engine.map(e -> e.policy().toString()).orElse(null));
        row.put("thread_wakeups", before == null ? null : after.threadWakeups() - before.threadWakeups());
        row.put("thread_passes", before == null ? null : after.threadPasses() - before.threadPasses());
        row.put("thread_progress", before == null ? null : after.threadProgress() - before.threadProgress());
        row.put("wakeups_by_callers", before == null ? null : after.wakeupsByCallers() - before.wakeupsByCallers());
        row.put("caller_passes_missed", before == null ? null : after.callerPassesMissed() - before.callerPassesMissed());
    }
}
