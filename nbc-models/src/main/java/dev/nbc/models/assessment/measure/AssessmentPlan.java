package dev.nbc.models.assessment.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * What an assessment measures: the message sizes, Netgauge's n, and the repetitions per timing.
 * Both ranks must run the same plan.
 *
 * @param sizes       ascending message sizes in bytes (the first should be 1: Netgauge's L is PRTT(1,0,1)/2)
 * @param n           messages per PRTT(n, d, s) (Netgauge uses 16)
 * @param repetitions timings per quantity and size (medians are kept)
 * @param warmups     untimed ping-pongs per size first
 * @param cpuPerByte  whether to run the CPU-per-byte probe after the sizes (on real time only:
 *                    {@link CpuPerByteProbe})
 */
public record AssessmentPlan(List<Integer> sizes, int n, int repetitions, int warmups, boolean cpuPerByte) {
    /** Netgauge's n. */
    public static final int NETGAUGE_N = 16;

    public AssessmentPlan {
        sizes = List.copyOf(sizes);
        if (sizes.isEmpty()) {
            throw new IllegalArgumentException("sizes: need at least one message size");
        }
        for (int i = 0; i < sizes.size(); i++) {
            if (sizes.get(i) < 1 || (i > 0 && sizes.get(i) <= sizes.get(i - 1))) {
                throw new IllegalArgumentException("sizes: must be ascending sizes >= 1 byte, but were " + sizes);
            }
        }
        if (n < 2) {
            throw new IllegalArgumentException("n: PRTT(n, d, s) needs n >= 2, but was " + n);
        }
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions: must be >= 1, but was " + repetitions);
        }
        if (warmups < 0) {
            throw new IllegalArgumentException("warmups: must be >= 0, but was " + warmups);
        }
    }

    /** Without the CPU-per-byte probe. */
    public AssessmentPlan(List<Integer> sizes, int n, int repetitions, int warmups) {
        this(sizes, n, repetitions, warmups, false);
    }

    /** The same plan with the CPU-per-byte probe. */
    public AssessmentPlan withCpuPerByte() {
        return new AssessmentPlan(sizes, n, repetitions, warmups, true);
    }

    /**
     * Sizes 1, 2, 3, 4, 6, 8, 12, ... (powers of two and the midpoints 1.5 * 2^k) up to
     * {@code maxBytes}: two points per octave, so that each protocol region has enough points for
     * its own line.
     */
    public static AssessmentPlan standard(int maxBytes, int repetitions) {
        if (maxBytes < 8) {
            throw new IllegalArgumentException("maxBytes: need sizes up to at least 8 bytes for the fits, but was " + maxBytes);
        }
        List<Integer> sizes = new ArrayList<>();
        sizes.add(1);
        for (long p = 2; p <= maxBytes; p *= 2) {
            sizes.add((int) p);
            long mid = p + p / 2;
            if (mid <= maxBytes) {
                sizes.add((int) mid);
            }
        }
        return new AssessmentPlan(sizes, NETGAUGE_N, repetitions, Math.max(3, repetitions / 4));
    }

    public int maxBytes() {
        return sizes.get(sizes.size() - 1);
    }
}
