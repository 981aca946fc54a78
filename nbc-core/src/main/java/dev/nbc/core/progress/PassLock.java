package dev.nbc.core.progress;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The engine's pass lock: one thread at a time runs passes, and the holder may take it again (a
 * failure inside a pass fails everything under it). Passes are tried, never queued for, and the
 * two paths that must have the lock (a future taken, the engine's end) yield until it is free; so
 * nothing needs ReentrantLock's queue, whose release is a volatile write and a look for queued
 * waiters. Here a release is an ordered store: on this machine's x86 VM it made the lock 6 % of a
 * P = 2 broadcast's time over MPI, at two or three passes a collective.
 */
final class PassLock {
    private static final VarHandle OWNER;

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(PassLock.class, "owner", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The holder, or null; written by CAS when taken and by an ordered store when released. */
    @SuppressWarnings("unused") // through OWNER
    private Thread owner;
    /** How many times the holder took it; only the holder reads or writes it. */
    private int holds;

    /** Takes the lock if it is free or already the caller's; never waits. */
    boolean tryLock() {
        Thread me = Thread.currentThread();
        Object current = OWNER.getAcquire(this);
        if (current == me) {
            holds++;
            return true;
        }
        if (current == null && OWNER.compareAndSet(this, null, me)) {
            holds = 1;
            return true;
        }
        return false;
    }

    /** Takes the lock, yielding the core while another thread holds it (a pass is short; its holder may need this core). */
    void lock() {
        while (!tryLock()) {
            Thread.yield();
        }
    }

    /**
     * Releases one hold; the last one frees the lock, publishing everything the holder wrote.
     *
     * @throws IllegalMonitorStateException if the caller does not hold it
     */
    void unlock() {
        if (OWNER.getAcquire(this) != Thread.currentThread()) {
            throw new IllegalMonitorStateException("the pass lock is not held by " + Thread.currentThread().getName());
        }
        if (--holds == 0) {
            OWNER.setRelease(this, null);
        }
    }
}
