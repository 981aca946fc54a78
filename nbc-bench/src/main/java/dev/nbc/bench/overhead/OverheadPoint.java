package dev.nbc.bench.overhead;

import dev.nbc.bench.ops.EngineCounts;
import dev.nbc.bench.ops.JvmActivity;
import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.report.Column;

/**
 * One run's measurement of an overhead point: blocking collectives back to back, their wall time
 * set against the CPU used meanwhile. Shares are CPU time per wall time, the mean over ranks; the
 * process's shares are divided among the ranks that share the process.
 *
 * @param key              the point
 * @param iterations       collectives timed, as calibrated on rank 0 (a median over runs in a merged row)
 * @param timePerOp        wall time per collective, the slowest rank's, us
 * @param meanTimePerOp    wall time per collective, mean over ranks, us
 * @param cpuShare         the calling thread's and the progress thread's CPU per wall time
 * @param threadCpuShare   the calling thread's CPU per wall time
 * @param threadUserShare  the calling thread's user CPU per wall time
 * @param progressCpuShare the progress thread's CPU per wall time, null without one
 * @param procUserShare    the process's user CPU (/proc) per wall time
 * @param procSysShare     the process's system CPU (/proc) per wall time
 * @param procCpuShare     the process's user and system CPU (/proc) per wall time
 * @param jvmProcCpuShare  the process's CPU as the JVM reports it, per wall time
 * @param idlePerOp        wall time less the threads' CPU per collective, us
 * @param procIdlePerOp    wall time less the process's CPU per collective, us
 * @param clockTicks       the kernel's clock ticks per second, the resolution of /proc's CPU times
 * @param counters         what nbc's progress engine did in the timed loop
 * @param jvm              what the JIT and the collectors did in the timed loop
 */
public record OverheadPoint(PointKey key, @Column("iterations") Number iterations,
                            @Column(value = TIME_PER_OP_US, unit = "us") double timePerOp,
                            @Column(value = "mean_time_per_op_us", unit = "us") double meanTimePerOp,
                            @Column(CPU_SHARE) double cpuShare, @Column("thread_cpu_share") double threadCpuShare,
                            @Column("thread_user_share") double threadUserShare, @Column(PROGRESS_CPU_SHARE) Double progressCpuShare,
                            @Column("proc_user_share") double procUserShare, @Column("proc_sys_share") double procSysShare,
                            @Column(PROC_CPU_SHARE) double procCpuShare, @Column("jvm_proc_cpu_share") double jvmProcCpuShare,
                            @Column(value = IDLE_US_PER_OP, unit = "us") double idlePerOp,
                            @Column(value = "proc_idle_us_per_op", unit = "us") double procIdlePerOp,
                            @Column(value = "clk_tck", unit = "1/s") long clockTicks, EngineCounts counters, JvmActivity jvm) {
    static final String TIME_PER_OP_US = "time_per_op_us";
    static final String CPU_SHARE = "cpu_share";
    static final String PROGRESS_CPU_SHARE = "progress_cpu_share";
    static final String PROC_CPU_SHARE = "proc_cpu_share";
    static final String IDLE_US_PER_OP = "idle_us_per_op";
}
