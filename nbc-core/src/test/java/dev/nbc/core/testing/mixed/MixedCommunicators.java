package dev.nbc.core.testing.mixed;

import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.progress.ProgressEngine;

/**
 * The communicators of a mixed run over P ranks, the same in process and over MPI: 0 and 1 span
 * every rank (two duplicates), 2 holds the even ranks (rank r is r / 2 there), 3 spans every rank
 * in reverse order (rank r is P - 1 - r). Each has its own algorithm thresholds, so that the
 * selector's choices vary too. With progress threads, communicator 3 runs on a second engine, so
 * that waits over requests of two engines are exercised; without, every communicator runs on one
 * engine, as the library intends: a wait progresses only its own engine, and two engines that
 * only their waits progress can wait on each other across ranks (MPI has a single progress
 * engine per process).
 */
public final class MixedCommunicators {
    public static final int COUNT = 4;

    private MixedCommunicators() {
    }

    /** The number of ranks of each communicator. */
    public static int[] sizes(int worldSize) {
        return new int[] {worldSize, worldSize, (worldSize + 1) / 2, worldSize};
    }

    /** World rank {@code worldRank}'s rank in communicator {@code comm}, or -1 if it is no member. */
    public static int rankIn(int comm, int worldRank, int worldSize) {
        return switch (comm) {
            case 2 -> worldRank % 2 == 0 ? worldRank / 2 : -1;
            case 3 -> worldSize - 1 - worldRank;
            default -> worldRank;
        };
    }

    /** Which of the rank's engines progresses communicator {@code comm}: 0 or, with progress threads, 1. */
    public static int engineOf(int comm, boolean progressThreads) {
        return comm == 3 && progressThreads ? 1 : 0;
    }

    /** Each engine's policy and what its thread and callers did, for a failure's message. */
    public static String describe(ProgressEngine[] engines) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < engines.length; i++) {
            text.append(i == 0 ? "" : "; ").append("engine ").append(i).append(' ').append(engines[i].policy())
                    .append(' ').append(engines[i].statistics());
        }
        return text.toString();
    }

    /** Thresholds that make the selector choose differently on each communicator (the same on every rank). */
    public static AlgorithmSelector selector(int comm) {
        AlgorithmSelector defaults = AlgorithmSelector.defaults();
        return switch (comm) {
            case 1 -> defaults.withSegmentBytes(1000).withBcastLargeBytes(2000).withAllreduceRingBytes(3000);
            case 2 -> defaults.withSegmentBytes(333).withAllreduceRingBytes(0);
            case 3 -> defaults.withBcastLargeBytes(0).withAllreduceRingBytes(20_000);
            default -> defaults;
        };
    }
}
