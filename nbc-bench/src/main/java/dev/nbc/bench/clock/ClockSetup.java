package dev.nbc.bench.clock;

/**
 * How a benchmark synchronises its ranks' clocks, and the offset and drift it injects to show
 * that they are corrected.
 *
 * @param patience           a pair's synchronisation stops when its minimum round trip has not improved for this many exchanges
 * @param driftGapMillis     the pause between the two synchronisations of the drift model (0: offset only)
 * @param injectOffsetMicros each rank's clock is off by +-(rank+1) times this, alternating sign
 * @param injectDriftPpm     each rank's clock drifts by ((rank mod 3) - 1) times this
 */
public record ClockSetup(int patience, long driftGapMillis, double injectOffsetMicros, double injectDriftPpm) {

    /** Rank {@code rank}'s clock with the injected offset and drift. */
    public LocalClock local(int rank) {
        return LocalClock.injected(rank, injectOffsetMicros, injectDriftPpm);
    }
}
