package dev.nbc.models.lmo;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.util.Arrays;

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

    /**
     * Polls {@code op} to completion, yielding between polls: the experiments' ranks often
     * outnumber the cores, and a rank that waits must leave its core to the one it waits for.
     */
    static void await(PendingOperation op) {
        while (!op.test()) {
            Thread.yield();
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
