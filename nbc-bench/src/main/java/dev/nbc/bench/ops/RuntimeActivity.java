package dev.nbc.bench.ops;

import dev.nbc.harness.ranks.Control;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

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

    /** The JVM is quiet once, for this long, the JIT completed no compilation ... */
    static final long QUIET_MILLIS = 10;
    /** ... and the process's other threads ran for at most this share of it (where that is known). */
    static final double QUIET_SHARE = 0.05;
    /** ... and is waited for at most this long. */
    static final long MAX_SETTLE_MILLIS = 500;

    /**
     * Collects garbage, then waits (sleeping, so that the compiler threads have the core) until
     * the JVM is quiet: for {@link #QUIET_MILLIS} no compilation completed and the process's other
     * threads ran at most {@link #QUIET_SHARE} of the time (their run time from
     * {@code /proc/self/task/&#42;/schedstat}, in ns; a compilation still running is seen there, and
     * not in the JIT's total, which grows only when one completes); at most
     * {@link #MAX_SETTLE_MILLIS}; then a barrier of {@code control}'s group, so that the loop
     * starts together. Call it before a timed loop: the compilations that processing the
     * previous point's results set off (sorting 5,000 times for the quantiles, building its row)
     * ran in the background during the next timed loop and took 45-118 ms of CPU from the ranks
     * there, the multi-millisecond stalls of the first nbc-thread point at P = 4; and at P = 2 a
     * compilation that completed only after the loop took 27 % of an overhead loop's core while
     * the JIT's total said 1 ms.
     */
    public static void settle(Control control) {
        String self = ownTaskId();
        if (self != null) {
            SETTLING.add(self);
        }
        try {
            settleUnlessBusy();
            control.barrier();
        } finally {
            if (self != null) {
                SETTLING.remove(self);
            }
        }
    }

    /**
     * Threads in {@link #settle} until its closing barrier, by task id, which a settling thread
     * does not count as activity: in-process ranks settle together, and the first one done spun
     * in the barrier while the others looked, so that no window of theirs was ever quiet and each
     * settle took its 500 ms (a quick emulated overlap sweep: 4 s without settling, 3 min with).
     */
    private static final Set<String> SETTLING = ConcurrentHashMap.newKeySet();

    private static String ownTaskId() {
        try {
            return Files.readSymbolicLink(THREAD_SELF).getFileName().toString();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static void settleUnlessBusy() {
        System.gc();
        long deadline = System.nanoTime() + MAX_SETTLE_MILLIS * 1_000_000;
        long windowStart = System.nanoTime();
        long compiledAtStart = jitMillis();
        long othersAtStart = otherThreadsRunNanos();
        while (System.nanoTime() - deadline < 0) {
            sleepMillis(1);
            long now = System.nanoTime();
            long window = now - windowStart;
            if (window < QUIET_MILLIS * 1_000_000) {
                continue;
            }
            long compiled = jitMillis();
            long others = otherThreadsRunNanos();
            boolean othersQuiet = others < 0 || othersAtStart < 0 || others - othersAtStart <= QUIET_SHARE * window;
            if (compiled == compiledAtStart && othersQuiet) {
                return;
            }
            windowStart = now;
            compiledAtStart = compiled;
            othersAtStart = others;
        }
    }

    /**
     * The run time so far of every thread of this process but the calling one and those settling
     * with it, in ns, from the
     * kernel's scheduler statistics (the first field of {@code /proc/self/task/<tid>/schedstat});
     * -1 where they cannot be read. A thread that ended in between is missed, which can only make
     * a busy window look quieter by that thread's share.
     */
    static long otherThreadsRunNanos() {
        String self = ownTaskId();
        return self == null ? -1 : runNanosOfTasksBut(id -> id.equals(self) || SETTLING.contains(id));
    }

    /** The run time so far of this process's threads whose task id {@code skipped} rejects not, in ns; -1 if unreadable. */
    static long runNanosOfTasksBut(Predicate<String> skipped) {
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            long total = 0;
            for (Path task : tasks) {
                if (skipped.test(task.getFileName().toString())) {
                    continue;
                }
                try {
                    String stat = Files.readString(task.resolve("schedstat"));
                    total += Long.parseLong(stat.substring(0, stat.indexOf(' ')));
                } catch (NoSuchFileException ended) {
                    // the thread ended after the listing
                }
            }
            return total;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static final Path TASKS = Path.of("/proc/self/task");
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

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

    /** Collective over the group: what the JIT and the collectors did since {@link #start}, the maximum over ranks. */
    public JvmActivity since(Control control) {
        double jit = jitMillisSince(control);
        return new JvmActivity(jit, control.max(gcMillis() - gcBefore));
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
