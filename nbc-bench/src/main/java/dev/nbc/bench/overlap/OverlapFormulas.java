package dev.nbc.bench.overlap;

/**
 * The two overlap figures in use, both in percent, from three times of the same operation:
 * {@code pure} (collective alone: start, wait), {@code compute} (the computation alone) and
 * {@code overall} (start, compute, wait).
 */
public final class OverlapFormulas {
    private OverlapFormulas() {
    }

    /**
     * OSU micro-benchmarks (osu_i* collectives): {@code max(0, 100 (1 - (overall - compute) / pure))}:
     * the share of the pure communication time that the computation hid. It assumes
     * compute is at least pure (OSU sizes it so); it can exceed 100 when overall &lt; compute.
     */
    public static double osu(double pure, double compute, double overall) {
        if (pure <= 0) {
            return Double.NaN;
        }
        return Math.max(0, 100 * (1 - (overall - compute) / pure));
    }

    /**
     * Intel MPI Benchmarks, IMB-NBC:
     * {@code 100 max(0, min(1, (pure + compute - overall) / min(pure, compute)))}: the time saved
     * against running both one after the other, as a share of the shorter of the two; clamped to
     * 0..100.
     */
    public static double imb(double pure, double compute, double overall) {
        double shorter = Math.min(pure, compute);
        if (shorter <= 0) {
            return Double.NaN;
        }
        return 100 * Math.max(0, Math.min(1, (pure + compute - overall) / shorter));
    }

    /** The physical limit: the share of the collective's time in which the CPU is free, in percent. */
    public static double physicalLimit(double cpuShare) {
        return 100 * Math.max(0, Math.min(1, 1 - cpuShare));
    }
}
