package dev.nbc.bench.ops;

import dev.nbc.harness.ranks.Control;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Map;

/**
 * What the JVM itself did during a measured stretch: milliseconds of JIT compilation and of
 * garbage collection, the most of any rank. On two shared cores either one takes a core from a
 * rank, so a point with a multi-millisecond stall can be told from one whose JVM was quiet.
 */
public final class RuntimeActivity {
    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();
    private final long jitBefore;
    private final long gcBefore;

    private RuntimeActivity() {
        jitBefore = jitMillis();
        gcBefore = gcMillis();
    }

    /** The JIT is quiet once it has compiled nothing for this long. */
    static final long QUIET_MILLIS = 10;
    /** ... and is waited for at most this long. */
    static final long MAX_SETTLE_MILLIS = 500;

    /**
     * Collects garbage, then waits (sleeping, so that the compiler threads have the core) until the
     * JIT has compiled nothing for {@link #QUIET_MILLIS}, at most {@link #MAX_SETTLE_MILLIS}. Call
     * it before a timed loop: the compilations that processing the previous point's results set off
     * (sorting 5,000 times for the quantiles, building its row) ran in the background during the
     * next timed loop and took 45-118 ms of CPU from the ranks there, the multi-millisecond stalls
     * of the first nbc-thread point at P = 4 (issue 10).
     */
    public static void settle() {
        System.gc();
        long deadline = System.nanoTime() + MAX_SETTLE_MILLIS * 1_000_000;
        long compiled = jitMillis();
        long quietSince = System.nanoTime();
        while (System.nanoTime() - deadline < 0) {
            sleepMillis(1);
            long now = jitMillis();
            if (now != compiled) {
                compiled = now;
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince >= QUIET_MILLIS * 1_000_000) {
                return;
            }
        }
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the JIT to settle", e);
        }
    }

    /** Starts counting now (on every rank). */
    public static RuntimeActivity start() {
        return new RuntimeActivity();
    }

    /** Collective over the group: the most milliseconds any rank's JIT compiled since {@link #start}. */
    public double jitMillisSince(Control control) {
        return control.max(jitMillis() - jitBefore);
    }

    /** Collective over the group: adds {@code jit_ms} and {@code gc_ms}, the maximum over ranks, to {@code row}. */
    public void addTo(Control control, Map<String, Object> row) {
        double jit = jitMillisSince(control);
        double gc = control.max(gcMillis() - gcBefore);
        if (row != null) {
            row.put("jit_ms", jit);
            row.put("gc_ms", gc);
        }
    }

    private static long jitMillis() {
        return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : 0;
    }

    private static long gcMillis() {
        long total = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += Math.max(0, gc.getCollectionTime());
        }
        return total;
    }
}
