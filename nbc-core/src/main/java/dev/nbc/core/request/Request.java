package dev.nbc.core.request;

import dev.nbc.core.algorithm.Algorithm;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A collective in flight: test it, await it, or use it as a {@link CompletableFuture}.
 *
 * <p>{@link #test()} and the awaits also advance the engine from the calling thread when no other
 * thread is doing so at that moment, as LibNBC's wait does: a collective awaited right after its
 * start then completes without handing work between threads, which on a machine with more threads
 * than cores is what small collectives' latency is made of. Without a progress thread
 * ({@code ProgressMode.MANUAL}) that is the only progress there is.
 *
 * <p>Waiting spins briefly, then polls with yields in between, as MPI's own waits do: a collective
 * that is about to finish is seen within a microsecond or so, and a rank sharing its core gives
 * way at every poll. While a thread waits here it polls for everyone, so the progress thread keeps
 * off the engine ({@link ProgressHook#beginActiveWait()}). Only where the progress thread has a
 * core of its own ({@link ProgressHook#takesOverBlockedWaiters()}) does a long wait park and leave
 * the polling to it.
 */
public final class Request {
    /**
     * Spin this long before polling with yields in between: most small collectives complete
     * within it. Not much longer: with more ranks than cores, the message a spinning thread waits
     * for may have to come from a rank its spinning keeps off the core (yield returns at once when
     * nothing else is runnable, so it costs little otherwise).
     */
    private static final long SPIN_NANOS = 10_000;
    /** Yield this long before parking, if the engine's thread progresses parked waiters ({@link ProgressHook#takesOverBlockedWaiters()}). */
    private static final long YIELD_NANOS = 200_000;

    private final String description;
    private final Algorithm algorithm;
    private final ProgressHook engine;
    private final CompletableFuture<Void> completion = new CompletableFuture<>();
    private volatile boolean done;

    /** @param engine the engine that runs this request's collective */
    public Request(String description, Algorithm algorithm, ProgressHook engine) {
        this.description = description;
        this.algorithm = algorithm;
        this.engine = engine;
    }

    /** What this request is, e.g. "IALLREDUCE 1024 x DOUBLE SUM on rank 2 of 4". */
    public String description() {
        return description;
    }

    /** The algorithm chosen for this collective. */
    public Algorithm algorithm() {
        return algorithm;
    }

    /**
     * Polls once.
     *
     * @return true if the collective has completed
     * @throws NbcException if it failed
     */
    public boolean test() {
        if (!done) {
            engine.progressOnce();
        }
        return isDone();
    }

    /** Waits until the collective completes; throws {@link NbcException} if it failed. */
    public void await() {
        awaitUntil(Long.MAX_VALUE);
    }

    /**
     * Waits at most the given time.
     *
     * @return true if the collective completed, false if the time ran out first
     * @throws NbcException if it failed
     */
    public boolean await(long timeout, TimeUnit unit) {
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout: must be >= 0, but was " + timeout);
        }
        long now = System.nanoTime();
        long deadline = now + Math.min(unit.toNanos(timeout), Long.MAX_VALUE - now);
        return awaitUntil(deadline);
    }

    private boolean awaitUntil(long deadline) {
        long start = System.nanoTime();
        boolean completed = false;
        boolean block = false;
        engine.beginActiveWait();
        try {
            while (!(completed = test())) {
                long now = System.nanoTime();
                if (now - deadline >= 0) {
                    return false;
                }
                long waited = now - start;
                if (waited < SPIN_NANOS) {
                    Thread.onSpinWait();
                } else if (waited < YIELD_NANOS || !engine.takesOverBlockedWaiters()) {
                    Thread.yield();
                } else {
                    block = true;
                    break;
                }
            }
        } finally {
            engine.endActiveWait(block);
        }
        if (completed) {
            return true;
        }
        try {
            while (!test()) {
                if (System.nanoTime() - deadline >= 0) {
                    return false;
                }
                parkUntilDone(deadline);
            }
            return true;
        } finally {
            engine.endBlockedWait();
        }
    }

    private void parkUntilDone(long deadline) {
        long remaining = deadline - System.nanoTime();
        try {
            // The progress thread completes the future, and that wakes us.
            completion.get(remaining, TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException ignored) {
            // loop in awaitUntil re-tests and reports the failure or the time-out
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new NbcException("interrupted while awaiting " + description, interrupted);
        }
    }

    /**
     * A future completed when the collective completes (exceptionally with {@link NbcException}
     * when it fails). Without a progress thread it only completes while some thread tests or
     * awaits a request of the same engine.
     */
    public CompletableFuture<Void> future() {
        return completion.copy();
    }

    private boolean isDone() {
        if (!done) {
            return false;
        }
        if (completion.isCompletedExceptionally()) {
            try {
                completion.join();
            } catch (java.util.concurrent.CompletionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof NbcException failure) {
                    throw failure;
                }
                throw new NbcException(cause.getMessage(), cause);
            }
        }
        return true;
    }

    /** Called by the engine when the collective has completed. */
    public void complete() {
        done = true;
        completion.complete(null);
    }

    /** Called by the engine when the collective has failed. */
    public void fail(NbcException failure) {
        done = true;
        completion.completeExceptionally(failure);
    }

    @Override
    public String toString() {
        return description + (done ? " (done)" : " (in flight)");
    }
}
