package dev.nbc.bench.cpu;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.LongSupplier;

/**
 * Measures an interval on the calling thread: wall time, the process's user and system time
 * (/proc), the JVM's process CPU, the calling thread's CPU and user time (ThreadMXBean), and the
 * CPU time of a progress thread (nbc's ProgressEngine.threadCpuNanos(), or none).
 */
public final class CpuMeter {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** One interval's figures, all in nanoseconds (-1 where not available). */
    public record Interval(long wall, long procUser, long procSystem, long jvmProcess, long threadCpu, long threadUser,
                           long progressThread) {
        /** CPU of the measuring thread plus the progress thread: this rank's own cost. */
        public long rankCpu() {
            return Math.max(0, threadCpu) + Math.max(0, progressThread);
        }
    }

    private final LongSupplier progressThread;
    private long wall;
    private long[] proc;
    private long jvm;
    private long threadCpu;
    private long threadUser;
    private long progress;

    public CpuMeter(LongSupplier progressThreadCpu) {
        this.progressThread = progressThreadCpu == null ? () -> -1 : progressThreadCpu;
    }

    /**
     * This rank's CPU so far, cheaply (a microsecond or two, no /proc read): the calling thread's
     * and the progress thread's, each user plus system time; for summing over short intervals.
     */
    public long rankCpuNow() {
        return THREADS.getCurrentThreadCpuTime() + Math.max(0, progressThread.getAsLong());
    }

    public void start() {
        proc = ProcessCpu.userSystemNanos();
        jvm = ProcessCpu.jvmProcessCpuNanos();
        progress = progressThread.getAsLong();
        threadCpu = THREADS.getCurrentThreadCpuTime();
        threadUser = THREADS.getCurrentThreadUserTime();
        wall = System.nanoTime();
    }

    public Interval stop() {
        long w = System.nanoTime() - wall;
        long tc = THREADS.getCurrentThreadCpuTime() - threadCpu;
        long tu = THREADS.getCurrentThreadUserTime() - threadUser;
        long pt = progressThread.getAsLong();
        long[] p = ProcessCpu.userSystemNanos();
        long j = ProcessCpu.jvmProcessCpuNanos();
        return new Interval(w,
                p[0] < 0 || proc[0] < 0 ? -1 : p[0] - proc[0],
                p[1] < 0 || proc[1] < 0 ? -1 : p[1] - proc[1],
                j < 0 || jvm < 0 ? -1 : j - jvm,
                tc, tu,
                pt < 0 || progress < 0 ? -1 : pt - progress);
    }
}
