package dev.nbc.bench.jitter;

import dev.nbc.bench.report.Column;

/**
 * A row of {@code jitter simulate}: what the trace's noise costs a bulk-synchronous program of
 * {@code tasks} tasks in one start mode. The trace's name is the run's column "trace".
 *
 * @param mode        the start mode: random, synchronized or co_scheduled
 * @param workMicros  the work per phase per task, us
 * @param tasks       the number of tasks
 * @param phases      the phases each task computes
 * @param barrier     the synchronisation between phases
 * @param coverage    the share of the trace a task's run covers
 * @param slowdownPct the mean phase time over the work, less 1
 * @param phaseMicros the mean phase time, us
 * @param wastedMicros the mean time per phase lost to noise and waiting, us
 * @param noisePct    the share of the trace's time lost to detours
 * @param seconds     how long the simulation took
 */
public record SimulationRow(@Column(MODE) String mode, @Column(value = WORK_US, unit = "us") double workMicros, @Column(TASKS) int tasks,
                            @Column("phases") int phases, @Column("barrier") String barrier, @Column(COVERAGE) double coverage,
                            @Column(value = SLOWDOWN_PCT, unit = "%") double slowdownPct,
                            @Column(value = "phase_us", unit = "us") double phaseMicros,
                            @Column(value = "wasted_us", unit = "us") double wastedMicros,
                            @Column(value = "noise_pct", unit = "%") double noisePct, @Column(value = "seconds", unit = "s") double seconds) {
    static final String MODE = "mode";
    static final String WORK_US = "work_us";
    static final String TASKS = "tasks";
    static final String COVERAGE = "coverage";
    static final String SLOWDOWN_PCT = "slowdown_pct";
}
