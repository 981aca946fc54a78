package dev.nbc.bench.netgauge.pattern;

import java.util.Arrays;

/** The timed rounds of one rank at one size: their times in ns, and how many rounds lost a message. */
final class RoundTimes {
    private final double[] times;
    private int count;
    private int lost;

    RoundTimes(int rounds) {
        times = new double[rounds];
    }

    void add(double nanos) {
        times[count++] = nanos;
    }

    void lost() {
        lost++;
    }

    double[] times() {
        return Arrays.copyOf(times, count);
    }

    int lostCount() {
        return lost;
    }
}
