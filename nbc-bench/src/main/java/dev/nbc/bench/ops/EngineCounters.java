package dev.nbc.bench.ops;

import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressStatistics;

import java.util.Optional;

/** The engine counters of an nbc call over a measured stretch ({@link EngineCounts}; none for the MPI library's). */
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

    /** The policy and what the engine did since {@link #start} (per rank 0's engine); every count null for the MPI library's. */
    public EngineCounts counts() {
        ProgressStatistics after = engine.map(ProgressEngine::statistics).orElse(null);
        String policy = engine.map(e -> e.policy().toString()).orElse(null);
        if (before == null) {
            return new EngineCounts(policy, null, null, null, null, null);
        }
        return new EngineCounts(policy, after.threadWakeups() - before.threadWakeups(), after.threadPasses() - before.threadPasses(),
                after.threadProgress() - before.threadProgress(), after.wakeupsByCallers() - before.wakeupsByCallers(),
                after.callerPassesMissed() - before.callerPassesMissed());
    }
}
