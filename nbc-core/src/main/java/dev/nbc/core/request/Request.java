package dev.nbc.core.request;

import dev.nbc.core.internal.ProgressHook;
import dev.nbc.core.internal.RequestAccess;
import dev.nbc.core.schedule.Algorithm;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A collective in flight: test it, await it, or use it as a {@link CompletableFuture}.
 *
 * <p>{@link #test()} and the awaits also advance the engine from the calling thread when no other
 * thread is doing so at that moment, as LibNBC's wait does: a collective awaited right after its
 * start then completes without handing work between threads, which on a machine with more threads
 * than cores is what small collectives' latency is made of. Without a progress thread
 * ({@code ProgressMode.MANUAL}) that is the only progress there is.
 *
 * <p>How awaiting waits (spin, yield, park only where a progress thread has a core of its own)
 * is {@link Waiting}'s.
 */
public final class Request {
    static {
        RequestAccess.register(new RequestAccess.Accessor() {
            @Override
            public Request create(Supplier<String> description, Algorithm algorithm, ProgressHook engine) {
                return new Request(description, algorithm, engine);
            }

            @Override
            public void complete(Request request) {
                request.complete();
            }

            @Override
            public void fail(Request request, NbcException failure) {
                request.fail(failure);
            }
        });
    }

    /** Made into text only when asked for: formatting it cost a small collective ~3 % of its time. */
    private final Supplier<String> describer;
    private String description;
    private final Algorithm algorithm;
    private final ProgressHook engine;
    private final CompletableFuture<Void> completion = new CompletableFuture<>();
    private volatile boolean done;

    /** Made by the engine only ({@link RequestAccess#create}). @param engine the engine that runs this request's collective */
    Request(Supplier<String> describer, Algorithm algorithm, ProgressHook engine) {
        this.describer = describer;
        this.algorithm = algorithm;
        this.engine = engine;
    }

    /** What this request is, e.g. "IALLREDUCE 1024 x DOUBLE SUM on rank 2 of 4". */
    public String description() {
        String text = description;
        if (text == null) {
            text = describer.get();
            description = text;   // a race formats it twice, to the same text
        }
        return text;
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
        return testAt(ProgressHook.CLOCK_NOT_READ);
    }

    /** As {@link #test()}, with the caller's reading of System.nanoTime (a wait has one at hand). */
    private boolean testAt(long now) {
        if (!done) {
            engine.progressOnce(now);
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
        // Already over (a collective on one rank, or one completed while the caller computed), or
        // over after one pass (its peers' messages were there: the later rank of a loop of
        // back-to-back collectives): no wait to enter, so no clock read of the wait's own and no
        // presence bookkeeping for the progress thread beyond the pass's.
        if (testAt(ProgressHook.CLOCK_NOT_READ)) {   // no pass when done already; throws if it failed
            return true;
        }
        return Waiting.until(engine, this, Request::pollAt, Request::completion, deadline, Request::description) != null;
    }

    /**
     * A future completed when the collective completes (exceptionally with {@link NbcException}
     * when it fails). With a progress thread it completes by itself; without one it only
     * completes while some thread tests or awaits a request of the same engine.
     */
    public CompletableFuture<Void> future() {
        engine.futureTaken();
        return completion.copy();
    }

    /** {@link #testAt} as {@link Waiting}'s poll: TRUE once over, null before. */
    private static Boolean pollAt(Request request, long now) {
        return request.testAt(now) ? Boolean.TRUE : null;
    }

    /** The engine that runs this request's collective. */
    ProgressHook engine() {
        return engine;
    }

    /** True once the collective has completed or failed; polls nothing and throws nothing. */
    boolean isOver() {
        return done;
    }

    /** Completed when the collective completes or fails (not a copy: for waiters inside this package). */
    CompletableFuture<Void> completion() {
        return completion;
    }

    private boolean isDone() {
        // The future, not the flag, decides: it holds the outcome (a failure set on the progress
        // thread must never read as success on another thread that looks in between).
        if (!completion.isDone()) {
            return false;
        }
        if (completion.isCompletedExceptionally()) {
            try {
                completion.join();
            } catch (CompletionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof NbcException failure) {
                    throw failure;
                }
                throw new NbcException(cause.getMessage(), cause);
            }
        }
        return true;
    }

    /** Called by the engine when the collective has completed ({@link RequestAccess#complete}). */
    void complete() {
        completion.complete(null);
        done = true;
    }

    /**
     * Called by the engine when the collective has failed. The outcome is set before the flag: a
     * thread that saw {@code done} before the failure was recorded took the request for completed
     * (a barrier whose peers had revoked the communicator returned normally, seen once in
     * ErrorPolicyIT).
     */
    void fail(NbcException failure) {
        completion.completeExceptionally(failure);
        done = true;
    }

    @Override
    public String toString() {
        return description() + (done ? " (done)" : " (in flight)");
    }
}
