package dev.nbc.core.progress;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Whether an application thread is inside the library (starting, testing or waiting for a
 * collective, and so progressing the engine itself) and when the last one left.
 *
 * <p>On a machine without a spare core the progress thread must not compete with such a thread:
 * if it held the engine and were preempted, the application thread could not progress until the
 * scheduler gave the progress thread its core back (milliseconds on a busy machine). So the
 * thread takes over only when the application has been away for {@link #HANDOFF_NANOS}: in a loop
 * of back-to-back collectives the application is never away that long, and the thread never
 * touches the engine. On a machine with more threads than cores the application is also away when
 * it is preempted; {@link #oftenAway()} tells that apart from an application that computes.
 */
final class ApplicationPresence {
    /**
     * How long the application must have been away before the progress thread takes over. Longer
     * than the gap between one collective's await and the next one's start (under a microsecond),
     * shorter than any computation worth overlapping.
     */
    static final long HANDOFF_NANOS = 10_000;

    private final AtomicInteger inside = new AtomicInteger();
    /** Application threads blocked in a wait: they left their requests to the progress thread. */
    private final AtomicInteger blocked = new AtomicInteger();
    private volatile long lastExit = System.nanoTime() - HANDOFF_NANOS;
    /**
     * Moving average (weight 1/8) of the share of the application's absences that lasted at least
     * {@link #LONG_ABSENCE_NANOS}, in units of 1/{@link #SHARE_ONE}. A share, not a mean time: on
     * a machine with more threads than cores a thread is sometimes preempted between two
     * back-to-back collectives, and such rare long gaps must not make the loop look like one that
     * computes between its calls.
     */
    private volatile int longAbsenceShare;

    /**
     * An application that rarely stays away is taken over only after this long: longer than a
     * preemption usually lasts, short enough to progress a computation that forgot to test.
     */
    static final long ABSENT_NANOS = 1_000_000;

    /** An absence at least this long is one in which a progress thread could have helped. */
    static final long LONG_ABSENCE_NANOS = 50_000;
    static final int SHARE_ONE = 1024;

    void enter() {
        if (inside.getAndIncrement() == 0) {
            long away = System.nanoTime() - lastExit;
            int share = longAbsenceShare;
            longAbsenceShare = share + (((away >= LONG_ABSENCE_NANOS ? SHARE_ONE : 0) - share) >> 3);
        }
    }

    /**
     * The calling thread leaves the library.
     *
     * @param handOver true if it leaves work behind that it will not progress (it is about to
     *                 block): the progress thread may take over at once
     * @return the time it left, or 0 if it leaves a nested call (it is still inside)
     */
    long exit(boolean handOver) {
        if (inside.get() > 1) {
            inside.decrementAndGet();
            return 0;
        }
        long now = System.nanoTime();
        lastExit = handOver ? now - HANDOFF_NANOS : now;
        inside.decrementAndGet();
        return now;
    }

    /**
     * True if the application often stays away from the library long enough for a progress thread
     * to help (in at least a quarter of its recent absences): false in a loop of back-to-back
     * collectives, true when it computes between its calls.
     */
    boolean oftenAway() {
        return longAbsenceShare >= SHARE_ONE / 4;
    }

    boolean anyInside() {
        return inside.get() > 0;
    }

    /**
     * When the progress thread may take over the engine: when the application left, if a thread of
     * it blocks waiting; {@link #HANDOFF_NANOS} after it left if it {@link #oftenAway() often stays
     * away}; {@link #ABSENT_NANOS} after it left otherwise (a loop of back-to-back collectives that
     * was only preempted comes back sooner); {@code Long.MAX_VALUE} while an application thread is
     * inside.
     */
    long takeOverAt() {
        if (anyInside()) {
            return Long.MAX_VALUE;
        }
        if (anyBlocked()) {
            return lastExit;
        }
        return lastExit + (oftenAway() ? HANDOFF_NANOS : ABSENT_NANOS);
    }

    /** An application thread that left the library blocks until the progress thread completes its request. */
    void block() {
        blocked.incrementAndGet();
    }

    void unblock() {
        blocked.decrementAndGet();
    }

    /** True while an application thread waits for the progress thread: then everything in flight is the thread's. */
    boolean anyBlocked() {
        return blocked.get() > 0;
    }
}
