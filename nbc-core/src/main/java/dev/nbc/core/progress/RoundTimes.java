package dev.nbc.core.progress;

import dev.nbc.core.schedule.Operation;
import dev.nbc.core.schedule.Schedule;

/**
 * How long each round of one schedule takes, learned from the rounds the engine has run: the time
 * from posting a round's communication until all of it was seen complete. The progress thread
 * sleeps until a round is expected to be done instead of polling through the network time.
 *
 * <p>Completions are seen late when nobody polls (that is the point of sleeping), so a round seen
 * complete at the first look says only "at most this long"; a look that found it still running
 * says "at least this long". The estimate takes each bound for what it proves:
 * <ul>
 * <li>done by a time shorter than the estimate: the estimate drops to it at once;</li>
 * <li>done at the first look, at or after the estimate: nothing is learned but that the estimate
 *     was not early, so it moves a sixteenth earlier, to find out whether it could be;</li>
 * <li>still running at a look past the estimate: the estimate was early, and rises to the middle
 *     of what the two looks bracket, at most doubling.</li>
 * </ul>
 * It must never rise on a late first look: the estimate decides when the thread looks, so late
 * looks taught it to look later still (a 256 KiB allreduce's first round, 90 us on the
 * emulated network, crept to 215 us over a loop of start, compute, wait, and the thread woke
 * after the application had already reached its wait).
 */
final class RoundTimes {
    private final long[] nanos;
    private final int lastCommunicationRound;
    /** Per round, the longest message it sends or receives, in bytes. */
    private final int[] largestMessage;

    RoundTimes(Schedule schedule) {
        nanos = new long[schedule.depth()];
        largestMessage = new int[schedule.depth()];
        int last = -1;
        for (int r = 0; r < schedule.depth(); r++) {
            for (Operation operation : schedule.rounds().get(r).communication()) {
                last = r;
                int length = operation instanceof Operation.Send send ? send.length()
                        : operation instanceof Operation.Receive receive ? receive.length() : 0;
                largestMessage[r] = Math.max(largestMessage[r], length);
            }
        }
        lastCommunicationRound = last;
    }

    /** The longest message {@code round} sends or receives, in bytes (0 if it has none). */
    int largestMessage(int round) {
        return largestMessage[round];
    }

    /** True if no round after {@code round} sends or receives anything. */
    boolean isLastCommunication(int round) {
        return round >= lastCommunicationRound;
    }

    /** The expected duration of {@code round}, 0 if never observed. */
    long expected(int round) {
        return nanos[round];
    }

    /** {@link #observe}'s {@code stillRunningAt} when no look found the round still running. */
    static final long NEVER_SEEN_RUNNING = Long.MIN_VALUE;

    /**
     * A look found {@code round} complete {@code doneBy} ns after it was posted; the last earlier
     * look that found it still running was {@code stillRunningAt} ns after posting, or
     * {@link #NEVER_SEEN_RUNNING}.
     */
    void observe(int round, long stillRunningAt, long doneBy) {
        long current = nanos[round];
        if (current == 0 || doneBy < current) {
            nanos[round] = Math.max(1, doneBy);
        } else if (stillRunningAt == NEVER_SEEN_RUNNING || stillRunningAt < current) {
            // not early (or not known to be): try a little earlier next time
            nanos[round] = Math.max(1, current - (current >> 4));
        } else {
            // early: into the bracket, but at most twice as long, as one round that waited for a
            // descheduled peer (4 ms against 0.1 ms) must not set the thread's looks for dozens of
            // rounds after it
            nanos[round] = Math.min(2 * current, stillRunningAt + ((doneBy - stillRunningAt) >> 1));
        }
    }
}
