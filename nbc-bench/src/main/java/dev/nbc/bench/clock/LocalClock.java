package dev.nbc.bench.clock;

/**
 * A rank's local clock in nanoseconds: System.nanoTime (CLOCK_MONOTONIC on Linux, one clock for
 * every process of a host, so the true offset between ranks on one host is 0), optionally with an
 * injected offset and drift so that the synchronisation has something to find:
 * {@code now = t + offset + drift * t} with t = System.nanoTime(). The injection is a pure function
 * of t, so any rank can tell what another rank's clock reads at the same instant ({@link #at}).
 */
public record LocalClock(long offsetNanos, double drift) {
    /** The unmodified clock. */
    public static final LocalClock SYSTEM = new LocalClock(0, 0);

    /** This clock's reading when System.nanoTime() reads {@code t}. */
    public long at(long t) {
        return t + offsetNanos + Math.round(drift * t);
    }

    public long now() {
        return at(System.nanoTime());
    }

    /**
     * The injection of the sync benchmark's --inject options for {@code rank}: offsets alternate in
     * sign and grow with the rank, drifts cycle through -1, 0, +1 times the given ppm (rank 0 too,
     * so the reference clock is no special case).
     */
    public static LocalClock injected(int rank, double offsetMicros, double driftPpm) {
        if (offsetMicros == 0 && driftPpm == 0) {
            return SYSTEM;
        }
        long offset = Math.round((rank % 2 == 0 ? 1 : -1) * (rank + 1) * offsetMicros * 1e3);
        double drift = ((rank % 3) - 1) * driftPpm * 1e-6;
        return new LocalClock(offset, drift);
    }
}
