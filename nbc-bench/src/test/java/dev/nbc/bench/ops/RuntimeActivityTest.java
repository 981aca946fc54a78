package dev.nbc.bench.ops;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The other threads' run time that {@link RuntimeActivity#settle} watches sees a thread that computes, and not the caller. */
class RuntimeActivityTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long SPIN_NANOS = 30_000_000;

    /** Runs until the calling thread itself has had {@code nanos} of CPU, however busy the machine is. */
    private static void computeOwn(long nanos) {
        long start = THREADS.getCurrentThreadCpuTime();
        while (THREADS.getCurrentThreadCpuTime() - start < nanos) {
            Thread.onSpinWait();
        }
    }

    @Test
    void anotherThreadsComputationIsCountedAndTheCallersOwnIsNot() throws Exception {
        long before = RuntimeActivity.otherThreadsRunNanos();
        assertTrue(before >= 0, "schedstat is readable on Linux: " + before);
        CountDownLatch computed = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // Kept alive while counted: a thread that ended has no task left to read.
        Thread other = new Thread(() -> {
            computeOwn(SPIN_NANOS);
            computed.countDown();
            try {
                release.await();
            } catch (InterruptedException ignored) {
                // ends
            }
        });
        other.start();
        computed.await();
        long after = RuntimeActivity.otherThreadsRunNanos();
        release.countDown();
        other.join();
        assertTrue(after - before >= SPIN_NANOS * 9 / 10, "another thread's 30 ms: " + (after - before) + " ns counted");

        // The caller's own 100 ms are not counted: all threads read after the others include them
        // (the others can only have run more in between, however busy the machine is); had the
        // others included the caller, the difference would be only what ran between the reads.
        computeOwn(100_000_000);
        long others = RuntimeActivity.otherThreadsRunNanos();
        long all = RuntimeActivity.runNanosOfTasksBut(id -> false);
        long own = THREADS.getCurrentThreadCpuTime();
        assertTrue(all - others >= own * 9 / 10, "the caller's own " + own + " ns are not among the others': all "
                + all + " - others " + others);
    }
}
