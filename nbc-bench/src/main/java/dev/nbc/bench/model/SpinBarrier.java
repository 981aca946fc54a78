package dev.nbc.bench.model;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A barrier for the threads of one JVM that never parks: waiting threads poll (and yield when
 * there are more of them than cores). Used to line ranks up for timing because on this project's
 * VM a parked thread takes 50-600 µs to wake (timer slack and cross-core wake-ups), far longer
 * than the collectives being timed.
 */
final class SpinBarrier {
    private final int parties;
    private final Runnable action;
    private final AtomicInteger arrived = new AtomicInteger();
    private volatile int generation;

    /** {@code action} runs on the last thread to arrive, before any thread leaves. */
    SpinBarrier(int parties, Runnable action) {
        this.parties = parties;
        this.action = action;
    }

    void await() {
        int current = generation;
        if (arrived.incrementAndGet() == parties) {
            action.run();
            arrived.set(0);
            generation = current + 1;
            return;
        }
        while (generation == current) {
            InProcessCollectiveTiming.relax(parties);
        }
    }
}
