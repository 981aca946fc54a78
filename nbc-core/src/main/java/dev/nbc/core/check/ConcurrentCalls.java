package dev.nbc.core.check;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Catches two threads inside one communicator's calls at the same time. MPI matches a
 * communicator's collectives by the order in which each rank calls them; calls that overlap in
 * time have no order, so the ranks may pair them differently (one rank's n-th call is another
 * thread's than on the next rank) and combine data that do not belong together. Calls from
 * different threads one after the other are allowed, as in MPI, if the application orders them
 * the same way on every rank; that cannot be seen from one rank, overlapping calls can.
 */
public final class ConcurrentCalls {
    private final AtomicReference<Thread> caller = new AtomicReference<>();

    /**
     * The calling thread enters a call.
     *
     * @return null, or the thread already inside a call (this thread then has not entered)
     */
    public Thread enter() {
        return caller.compareAndExchange(null, Thread.currentThread());
    }

    /** The calling thread, which entered, leaves its call. */
    public void leave() {
        caller.set(null);
    }
}
