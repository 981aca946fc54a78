package dev.nbc.bench.netgauge.pattern;

import java.util.ArrayList;
import java.util.List;

/**
 * Netgauge's message sizes: from {@code minBytes}, doubling, to {@code maxBytes} (capped at the
 * module's largest message), and how many timed rounds each gets: {@code repetitions}, fewer for
 * large messages so that a size moves at most {@code bytesPerSize} (at least {@link #MIN_ROUNDS}),
 * the same rule on every rank, so that no round count has to be agreed.
 */
public record SizeSweep(int minBytes, int maxBytes, int repetitions, long bytesPerSize) {
    public static final int MIN_ROUNDS = 20;

    public SizeSweep {
        if (minBytes < 0) {
            throw new IllegalArgumentException("minBytes: must be at least 0, but was " + minBytes);
        }
        if (maxBytes < minBytes) {
            throw new IllegalArgumentException("maxBytes: must be at least minBytes (" + minBytes + "), but was " + maxBytes);
        }
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions: must be at least 1, but was " + repetitions);
        }
    }

    /** The sizes: minBytes, then doubling (from 1 when minBytes is 0), and maxBytes. */
    public List<Integer> sizes() {
        List<Integer> sizes = new ArrayList<>();
        sizes.add(minBytes);
        for (long s = Math.max(1, minBytes * 2L); s < maxBytes; s *= 2) {
            sizes.add((int) s);
        }
        if (maxBytes > minBytes) {
            sizes.add(maxBytes);
        }
        return sizes;
    }

    /** Timed rounds for messages of {@code bytes}. */
    public int rounds(int bytes) {
        long byBudget = bytesPerSize / Math.max(1, bytes);
        return (int) Math.max(Math.min(MIN_ROUNDS, repetitions), Math.min(repetitions, byBudget));
    }

    /**
     * Untimed rounds before them: a tenth, at least 2; at the first size three times the timed
     * rounds, so that the JIT has compiled the path before anything is timed (the first sizes of a
     * cold JVM measured 3-5x their later time).
     */
    public int warmups(int bytes) {
        return bytes == minBytes ? 3 * rounds(bytes) : Math.max(2, rounds(bytes) / 10);
    }

    /** The same sweep, no larger than {@code limit}. */
    public SizeSweep cappedAt(int limit) {
        return new SizeSweep(Math.min(minBytes, limit), Math.min(maxBytes, limit), repetitions, bytesPerSize);
    }
}
