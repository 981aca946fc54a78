package dev.nbc.core.progress;

import dev.nbc.core.schedule.Schedule;

/**
 * How long each round of one schedule takes, learned from the rounds the engine has run: the time
 * from posting a round's communication until all of it was seen complete. The progress thread
 * sleeps until a round is expected to be done instead of polling through the network time.
 *
 * <p>Completions are seen late when nobody polls (that is the point of sleeping), so a single
 * observation says "at most this long". The estimate therefore drops to any shorter observation at
 * once and rises towards a longer one only by a sixteenth of the difference: polling early costs a
 * wasted wake-up, polling late costs overlap.
 */
final class RoundTimes {
    private final long[] nanos;
    private final int lastCommunicationRound;

    RoundTimes(Schedule schedule) {
        nanos = new long[schedule.depth()];
        int last = -1;
        for (int r = 0; r < schedule.depth(); r++) {
            if (!schedule.rounds().get(r).communication().isEmpty()) {
                last = r;
            }
        }
        lastCommunicationRound = last;
    }

    /** True if no round after {@code round} sends or receives anything. */
    boolean isLastCommunication(int round) {
        return round >= lastCommunicationRound;
    }

    /** The expected duration of {@code round}, 0 if never observed. */
    long expected(int round) {
        return nanos[round];
    }

    void observe(int round, long duration) {
        long current = nanos[round];
        if (current == 0 || duration < current) {
            nanos[round] = Math.max(1, duration);
        } else {
            nanos[round] = current + ((duration - current) >> 4);
        }
    }
}
