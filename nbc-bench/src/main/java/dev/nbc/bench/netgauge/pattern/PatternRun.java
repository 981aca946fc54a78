package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.netgauge.module.Endpoint;
import dev.nbc.bench.netgauge.timer.Timer;
import dev.nbc.harness.ranks.Control;

import java.nio.file.Path;
import java.util.Random;

/**
 * What a pattern's benchmark function gets on its rank: the module's endpoint, the control plane
 * (small gathers on a transport of their own, never the module's), the barrier that starts its
 * rounds together, the timer, the sizes, a seed for its random choices (server, pairs) and where it
 * may write files.
 *
 * @param barrier the control plane's barrier ({@link #of}); on virtual time a barrier that also
 *                brings every rank's clock to the latest, as an ideal control plane would
 */
public record PatternRun(Endpoint endpoint, Control control, Runnable barrier, Timer timer, SizeSweep sweep, long seed, Path out) {

    /** A run whose rounds start with the control plane's barrier. */
    public static PatternRun of(Endpoint endpoint, Control control, Timer timer, SizeSweep sweep, long seed, Path out) {
        return new PatternRun(endpoint, control, control::barrier, timer, sweep, seed, out);
    }

    /** All ranks of the group get here before any goes on. */
    public void synchronize() {
        barrier.run();
    }

    public int rank() {
        return control.rank();
    }

    public int size() {
        return control.size();
    }

    /**
     * A random rank, the same on every rank (drawn from the seed, as Netgauge draws its server
     * "randomly" on one rank and tells the others).
     */
    public int randomRank() {
        return new Random(seed).nextInt(size());
    }

    /** A random permutation of the ranks, the same on every rank. */
    public int[] randomPermutation() {
        int[] ranks = new int[size()];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = i;
        }
        Random random = new Random(seed);
        for (int i = ranks.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = ranks[i];
            ranks[i] = ranks[j];
            ranks[j] = t;
        }
        return ranks;
    }
}
