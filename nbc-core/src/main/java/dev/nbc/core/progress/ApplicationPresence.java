package dev.nbc.core.progress;

import static dev.nbc.core.internal.ProgressHook.CLOCK_NOT_READ;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

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
    /** System.nanoTime, or a test's clock. */
    private final LongSupplier clock;
    /**
     * When the last application thread left (or {@link #UNTIMED}). Written with release semantics
     * only ({@link #LAST_EXIT}): the decrement of {@link #inside} that follows each write is the
     * fence that publishes it, so a volatile write would pay for a second one on every call.
     */
    private long lastExit;
    private static final VarHandle LAST_EXIT;

    static {
        try {
            LAST_EXIT = MethodHandles.lookup().findVarHandle(ApplicationPresence.class, "lastExit", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
    /**
     * Moving average (weight 1/8) of the share of the application's absences that lasted at least
     * {@link #LONG_ABSENCE_NANOS}, in units of 1/{@link #SHARE_ONE}. A share, not a mean time: on
     * a machine with more threads than cores a thread is sometimes preempted between two
     * back-to-back collectives, and such rare long gaps must not make the loop look like one that
     * computes between its calls.
     */
    private volatile int longAbsenceShare;
    /**
     * The same average over only the absences that began with collectives left in flight (a
     * start's exit): long when the application starts a collective and computes before it waits,
     * short when it computes first and then starts and waits at once. Only the first kind needs
     * the progress thread woken at the start: in the second its wake-up found the application
     * back inside and cost it the core (P = 2, 100 µs of computation before each 8 B broadcast:
     * 36 µs per broadcast with the wake-ups, 3.5 µs without a thread).
     */
    private volatile int longAbsenceAfterStartShare;
    /**
     * The last exit left collectives in flight ({@link #leftWorkInFlight}), so the next enter
     * measures an absence after a start. A plain field: it only steers an average.
     */
    private boolean absenceAfterStart;

    /**
     * An application that rarely stays away is taken over only after this long: longer than a
     * preemption usually lasts, short enough to progress a computation that forgot to test.
     */
    static final long ABSENT_NANOS = 1_000_000;

    /** An absence at least this long is one in which a progress thread could have helped. */
    static final long LONG_ABSENCE_NANOS = 50_000;
    static final int SHARE_ONE = 1024;

    /**
     * An absence whose length is read only one time in {@link #TIMED_ONE_IN}, while the
     * application's absences are short: two clock reads per call were most of what a progress
     * thread on a spare core added to a back-to-back collective (JMH, docs/core.md). An absence
     * that follows a long one, or one under a SHARED thread (whose take-over time is the exit's
     * time), is always timed.
     */
    static final int TIMED_ONE_IN = 8;
    /** {@link #lastExit} of an exit whose time was not read: the next absence is not measured. */
    static final long UNTIMED = Long.MIN_VALUE;
    /** Exits since the last timed one; a plain field, as it only paces the sampling. */
    private int untimedExits;

    ApplicationPresence() {
        this(System::nanoTime);
    }

    ApplicationPresence(LongSupplier clock) {
        this.clock = clock;
        LAST_EXIT.setRelease(this, clock.getAsLong() - HANDOFF_NANOS);
    }

    void enter() {
        enter(CLOCK_NOT_READ);
    }

    /** As {@link #enter()}, with the caller's reading of the clock ({@code CLOCK_NOT_READ} if it has none). */
    void enter(long now) {
        if (inside.getAndIncrement() == 0) {
            long left = (long) LAST_EXIT.getAcquire(this);
            if (left != UNTIMED) {
                int target = reading(now) - left >= LONG_ABSENCE_NANOS ? SHARE_ONE : 0;
                // Each share is written only when it changes: a volatile write is a fence, and in
                // a loop of back-to-back calls the shares stay 0.
                int share = longAbsenceShare;
                int next = towards(share, target);
                if (next != share) {
                    longAbsenceShare = next;
                }
                if (absenceAfterStart) {
                    absenceAfterStart = false;
                    int afterStart = longAbsenceAfterStartShare;
                    int nextAfterStart = towards(afterStart, target);
                    if (nextAfterStart != afterStart) {
                        longAbsenceAfterStartShare = nextAfterStart;
                    }
                }
            }
        }
    }

    /** One step (weight 1/8) of a moving average of shares in units of 1/{@link #SHARE_ONE}. */
    private static int towards(int share, int target) {
        return share + ((target - share) >> 3);
    }

    /** The caller's reading of the clock, or this class's own if the caller has none. */
    private long reading(long now) {
        return now != CLOCK_NOT_READ ? now : clock.getAsLong();
    }

    /** The exit just made was a start's, leaving its collective in flight: the absence it begins counts for {@link #oftenAwayAfterStart()} too. */
    void leftWorkInFlight() {
        if (!absenceAfterStart) {
            absenceAfterStart = true;
        }
    }

    /**
     * The calling thread leaves the library.
     *
     * @param handOver  true if it leaves work behind that it will not progress (it is about to
     *                  block): the progress thread may take over at once
     * @param exactTime true if the progress thread's take-over rests on the time of this exit
     *                  (SHARED): it is then always read
     * @return true if it left the library, false if it left a nested call (it is still inside)
     */
    boolean exit(boolean handOver, boolean exactTime) {
        return exit(handOver, exactTime, CLOCK_NOT_READ);
    }

    /**
     * As {@link #exit(boolean, boolean)}, with the caller's latest reading of the clock
     * ({@code CLOCK_NOT_READ} if it has none). The reading may precede the exit by the call's own work (a pass,
     * a microsecond or so): the take-over it dates then comes that much earlier than
     * {@link #HANDOFF_NANOS} after the true exit, which is well within that margin's purpose.
     */
    boolean exit(boolean handOver, boolean exactTime, long now) {
        if (inside.get() > 1) {
            inside.decrementAndGet();
            return false;
        }
        if (handOver) {
            LAST_EXIT.setRelease(this, reading(now) - HANDOFF_NANOS);
        } else if (exactTime || longAbsenceShare > 0 || ++untimedExits >= TIMED_ONE_IN) {
            untimedExits = 0;
            LAST_EXIT.setRelease(this, reading(now));
        } else {
            LAST_EXIT.setRelease(this, UNTIMED);
        }
        inside.decrementAndGet();
        return true;
    }

    /**
     * True if the application often stays away from the library long enough for a progress thread
     * to help (in at least a quarter of its recent absences): false in a loop of back-to-back
     * collectives, true when it computes between its calls.
     */
    boolean oftenAway() {
        return longAbsenceShare >= SHARE_ONE / 4;
    }

    /**
     * True if, after leaving collectives in flight, the application often stays away long enough
     * for a progress thread to help (start, compute, wait): then a start wakes the thread.
     */
    boolean oftenAwayAfterStart() {
        return longAbsenceAfterStartShare >= SHARE_ONE / 4;
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
        long left = (long) LAST_EXIT.getAcquire(this);
        if (left == UNTIMED) {
            // The policy turned SHARED after an untimed exit: the application has left, so now
            // (its next exit is timed).
            return clock.getAsLong();
        }
        if (anyBlocked()) {
            return left;
        }
        return left + (oftenAway() ? HANDOFF_NANOS : ABSENT_NANOS);
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
