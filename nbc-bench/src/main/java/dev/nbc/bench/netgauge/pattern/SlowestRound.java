package dev.nbc.bench.netgauge.pattern;

import java.util.List;

/**
 * Combines the round times of the ranks that time a pattern (clients, pairs) at rank 0: a round
 * took as long as its slowest timing rank (all started together after a barrier), and the row is
 * the distribution of those maxima. Over an unreliable module the ranks' series may differ in
 * length (lost rounds are not timed); they are cut to the shortest, and the losses summed.
 */
final class SlowestRound {
    private SlowestRound() {
    }

    /**
     * On every rank; {@code mine} is null on ranks that do not time. Returns the row on rank 0,
     * nothing elsewhere.
     */
    static List<TimeRow> rows(PatternRun run, String pattern, int peers, int bytes, String timed, RoundTimes mine,
                                          long bytesPerRound) {
        // one gather: a timing rank's losses, then its round times; the others send nothing
        double[] times = mine == null ? new double[0] : mine.times();
        double[] local = new double[mine == null ? 0 : 1 + times.length];
        if (mine != null) {
            local[0] = mine.lostCount();
            System.arraycopy(times, 0, local, 1, times.length);
        }
        double[][] all = run.control().gather(local);
        if (all == null) {
            return List.of();
        }
        int rounds = Integer.MAX_VALUE;
        int lostTotal = 0;
        for (double[] series : all) {
            if (series.length > 0) {
                lostTotal += (int) series[0];
                rounds = Math.min(rounds, series.length - 1);
            }
        }
        if (rounds == Integer.MAX_VALUE) {
            rounds = 0;
        }
        double[] slowest = new double[rounds];
        for (double[] series : all) {
            for (int i = 0; i < rounds && series.length > 0; i++) {
                slowest[i] = Math.max(slowest[i], series[1 + i]);
            }
        }
        return List.of(TimeRow.of(run, pattern, peers, bytes, timed, slowest, bytesPerRound, lostTotal));
    }
}
