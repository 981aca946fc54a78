package dev.nbc.bench.clock;

/**
 * The two-process offset estimate of Hoefler, Schneider and Lumsdaine (section 3.1): every
 * exchange gives a round trip (client sends at t1, server answers with its time ts, client
 * receives at t2) and an offset {@code (t1 + t2) / 2 - ts} (client minus server); keep the offset of
 * the exchange with the smallest round trip, and stop once the smallest round trip has not
 * improved for N consecutive exchanges (the paper chose N = 100).
 */
public final class MinRttFilter {
    private final int patience;
    private final int maxExchanges;
    private long minRtt = Long.MAX_VALUE;
    private double offset = Double.NaN;
    private long clientTimeAtMin;
    private int sinceImprovement;
    private int exchanges;

    public MinRttFilter(int patience, int maxExchanges) {
        if (patience < 1) {
            throw new IllegalArgumentException("N: must be >= 1, but was " + patience);
        }
        this.patience = patience;
        this.maxExchanges = Math.max(patience, maxExchanges);
    }

    /** Adds one exchange; returns true while more exchanges are wanted. */
    public boolean add(long t1, long serverTime, long t2) {
        exchanges++;
        long rtt = t2 - t1;
        if (rtt < minRtt) {
            minRtt = rtt;
            offset = (t1 / 2.0 + t2 / 2.0) - serverTime;
            clientTimeAtMin = t1 + rtt / 2;
            sinceImprovement = 0;
        } else {
            sinceImprovement++;
        }
        return sinceImprovement < patience && exchanges < maxExchanges;
    }

    /** Client clock minus server clock at the best exchange, ns. */
    public double offset() {
        return offset;
    }

    public long minRtt() {
        return minRtt;
    }

    public long clientTimeAtMin() {
        return clientTimeAtMin;
    }

    public int exchanges() {
        return exchanges;
    }
}
