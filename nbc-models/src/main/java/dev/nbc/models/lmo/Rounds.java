package dev.nbc.models.lmo;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * What the LMO experiments share on one rank: a fresh tag for each message of each round (every
 * rank counts the same rounds, so the tags agree), waiting for an operation, and the median of a
 * point's repetitions.
 */
final class Rounds {
    /** One timed repetition of a sweep's point; NaN on ranks that do not time it. */
    @FunctionalInterface
    interface Repetition {
        double time(int point);
    }

    private final Transport transport;
    private int tag;

    Rounds(Transport transport) {
        this.transport = transport;
    }

    /** The next tag, within the transport's range. */
    int nextTag() {
        tag = (tag + 1) % (transport.maxTag() + 1);
        return tag;
    }

    /** Polls that yield before a waiting rank parks between polls. */
    private static final int YIELDS = 16;
    /** How long a waiting rank parks between polls once it has yielded {@link #YIELDS} times. */
    private static final long PARK_NANOS = 50_000;

    /**
     * Polls {@code op} to completion: yielding between the first polls (the partner is usually a
     * step or two away), then parking 50 us between them. The experiments' ranks outnumber the
     * cores (16 threads on 2), and a rank that waits must leave its core to the ones with work: a
     * yield still hands the core around among all the waiting ranks, and while sixteen of them
     * did, the JIT compiler got little of the machine and a first run of the n = 16 experiments
     * took 2-3 times a warm one. On virtual time the measured times do not depend on how long a
     * rank slept.
     */
    static void await(PendingOperation op) {
        for (int polls = 0; !op.test(); polls++) {
            if (polls < YIELDS) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(PARK_NANOS);
            }
        }
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Per point, the median of {@code repetitions} runs of {@code repetition}. */
    static double[] medians(int points, int repetitions, Repetition repetition) {
        double[] medians = new double[points];
        double[] times = new double[repetitions];
        for (int p = 0; p < points; p++) {
            for (int rep = 0; rep < repetitions; rep++) {
                times[rep] = repetition.time(p);
            }
            medians[p] = median(times);
        }
        return medians;
    }
}
