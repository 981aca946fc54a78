package dev.nbc.core.progress;

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

    RoundTimes(int rounds) {
        nanos = new long[rounds];
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
