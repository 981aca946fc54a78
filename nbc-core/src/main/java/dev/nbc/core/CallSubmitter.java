package dev.nbc.core;

import dev.nbc.core.check.CallSignature;
import dev.nbc.core.check.ConcurrentCalls;
import dev.nbc.core.internal.EngineAccess;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * How a communicator's calls reach its engine: each start takes the next call number, and from
 * it its tag, in the calling thread; with the consistency check, a start that overlaps another
 * thread's is refused; once closed, every start is refused in the caller.
 */
final class CallSubmitter {
    private final ProgressEngine engine;
    private final Transport transport;
    /** Calls made so far: the next call's number, from which its tag is taken. */
    private final AtomicLong calls = new AtomicLong();
    /** Tags run 0 .. transport.maxTag(): this many, and as a mask when a power of two (MPI's TAG_UB is 2^k - 1). */
    private final long tags;
    private final long tagMask;
    private final ConcurrentCalls callers = new ConcurrentCalls();
    /** Set by {@link #close()}: every later call is refused at the call, before anything reaches the engine. */
    private volatile boolean closed;

    CallSubmitter(ProgressEngine engine, Transport transport) {
        this.engine = engine;
        this.transport = transport;
        this.tags = transport.maxTag() + 1L;
        this.tagMask = Long.bitCount(tags) == 1 ? tags - 1 : -1;
    }

    /**
     * Starts a call: takes its number (and from it its tag) and hands it to the engine. With the
     * check, a call that overlaps another thread's is refused, and the call's signature numbered.
     */
    Request submit(Schedule schedule, ByteBuffer input, ByteBuffer output, Supplier<String> description, CallSignature signature,
                   Runnable beforeCompletion) {
        requireOpen(description);
        if (signature == null) {
            long number = calls.getAndIncrement();
            return EngineAccess.submit(engine, schedule, transport, tagOf(number), input, output, description, null, beforeCompletion);
        }
        Thread other = callers.enter();
        if (other != null) {
            throw concurrentCall(other, description);
        }
        try {
            long number = calls.getAndIncrement();
            return EngineAccess.submit(engine, schedule, transport, tagOf(number), input, output, description, signature.numbered(number),
                    beforeCompletion);
        } finally {
            callers.leave();
        }
    }

    /**
     * Refuses a call on a closed communicator in the caller: over a closed transport it would fail
     * in the engine, where the error policy takes it for a failure the peers cannot see and, by
     * default, ends the job.
     *
     * @throws IllegalStateException if {@link #close()} was called
     */
    void requireOpen(Supplier<String> description) {
        if (closed) {
            throw new IllegalStateException(description.get() + ": the communicator is closed");
        }
    }

    boolean isClosed() {
        return closed;
    }

    void close() {
        closed = true;
    }

    /** Call {@code number}'s tag: the numbers wrap within the transport's tag range. */
    private int tagOf(long number) {
        // A mask where it can: a 64-bit division took 15-30 ns, a fifth of a collective on one rank.
        return (int) (tagMask >= 0 ? number & tagMask : number % tags);
    }

    /**
     * Two threads in calls at once: the ranks may now pair calls differently, on this call or any
     * other, so no later call can be trusted. The error policy ends the job, or revokes the
     * communicator on every rank; this call is refused.
     */
    private IllegalStateException concurrentCall(Thread other, Supplier<String> description) {
        String message = description.get() + ": thread '" + Thread.currentThread().getName() + "' called while thread '"
                + other.getName() + "' was inside a call on the same communicator; calls that overlap in time have no"
                + " order, so the ranks may pair them differently (use one communicator per thread, or order the calls"
                + " the same way on every rank)";
        engine.errorPolicy().handle(transport, new NbcException(message));
        return new IllegalStateException(message);
    }
}
