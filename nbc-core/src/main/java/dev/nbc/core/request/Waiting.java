package dev.nbc.core.request;

import dev.nbc.core.internal.ProgressHook;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How a thread waits inside the library, for one request or for any of several: it spins briefly,
 * then polls with yields in between, as MPI's own waits do. A collective about to finish is seen
 * within a microsecond or so, and a rank sharing its core gives way at every poll. While a thread
 * waits here it polls for everyone, so the progress thread keeps off the engine
 * ({@link ProgressHook#beginActiveWait()}). Only where the progress thread has a core of its own
 * ({@link ProgressHook#takesOverBlockedWaiters()}) does a long wait park and leave the polling to
 * it, woken by a completion.
 */
final class Waiting {
    /**
     * Spin this long before polling with yields in between: most small collectives complete
     * within it. Not much longer: with more ranks than cores, the message a spinning thread waits
     * for may have to come from a rank its spinning keeps off the core (yield returns at once when
     * nothing else is runnable, so it costs little otherwise).
     */
    private static final long SPIN_NANOS = 10_000;
    /** Yield this long before parking, if the engine's thread progresses parked waiters ({@link ProgressHook#takesOverBlockedWaiters()}). */
    private static final long YIELD_NANOS = 200_000;
    /**
     * While spinning without a deadline, the clock is read at every this-many-th poll only, and the
     * polls between are given the last reading: a read costs 30-40 ns on this project's VMs, a poll
     * that finds nothing 150-300 ns, and every poll's length delays the sight of a completion.
     * Eight polls (1-3 us) are far shorter than {@link #SPIN_NANOS}, and the engine's uses of the
     * time (a round's post time, the application's presence) allow a reading that old
     * ({@link ProgressHook#progressOnce}).
     */
    private static final int CLOCK_SAMPLE = 8;

    private Waiting() {
    }

    /** One engine pass and a look at {@code subject}, given the latest System.nanoTime read: the result, or null if not there yet. */
    @FunctionalInterface
    interface Poll<S, T> {
        T poll(S subject, long now);
    }

    /**
     * Polls until {@code poll} gives a result or {@code deadline} (System.nanoTime) passes. What is
     * awaited is passed as {@code subject} to the functions, so that callers can hand in functions
     * that capture nothing and are not allocated anew for every wait.
     *
     * @param engine  what to progress (the poll itself runs the passes; this is for presence and parking)
     * @param subject what is awaited
     * @param poll    one engine pass and a look, given the latest System.nanoTime read here (for the
     *                engine's bookkeeping, so that it need not read the clock again; up to
     *                {@link #CLOCK_SAMPLE} polls old): the result, or
     *                null if not there yet; may throw a failure
     * @param wakeOn  a future completed when a result may be there, to park on (asked only if parking)
     * @param what    what is awaited, for the message if the thread is interrupted while parked (formatted only then)
     * @return the result, or null if the deadline passed first
     */
    static <S, T> T until(ProgressHook engine, S subject, Poll<S, T> poll, Function<S, ? extends Future<?>> wakeOn,
                          long deadline, Function<S, String> what) {
        long start = System.nanoTime();
        long now = start;
        int unclockedPolls = 0;
        boolean sampleClock = deadline == Long.MAX_VALUE;
        T result;
        boolean block = false;
        engine.beginActiveWait(start);
        try {
            while ((result = poll.poll(subject, now)) == null) {
                if (sampleClock && ++unclockedPolls < CLOCK_SAMPLE) {
                    Thread.onSpinWait();
                    continue;
                }
                unclockedPolls = 0;
                now = System.nanoTime();
                if (now - deadline >= 0) {
                    return null;
                }
                long waited = now - start;
                if (waited < SPIN_NANOS) {
                    Thread.onSpinWait();
                } else if (waited < YIELD_NANOS || !engine.takesOverBlockedWaiters()) {
                    sampleClock = false;   // a yield costs far more than the clock
                    Thread.yield();
                } else {
                    block = true;
                    break;
                }
            }
        } finally {
            engine.endActiveWait(block, now);
        }
        if (result != null) {
            return result;
        }
        try {
            while ((result = poll.poll(subject, ProgressHook.CLOCK_NOT_READ)) == null) {
                if (System.nanoTime() - deadline >= 0) {
                    return null;
                }
                park(wakeOn.apply(subject), deadline, () -> what.apply(subject));
            }
            return result;
        } finally {
            engine.endBlockedWait();
        }
    }

    private static void park(Future<?> wakeOn, long deadline, Supplier<String> what) {
        long remaining = deadline - System.nanoTime();
        try {
            // The progress thread completes the future, and that wakes us.
            wakeOn.get(remaining, TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException ignored) {
            // the caller's loop polls again and reports the result, the failure or the time-out
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new NbcException("interrupted while awaiting " + what.get(), interrupted);
        }
    }
}
