package dev.nbc.bench.clock;

import dev.nbc.harness.ranks.Control;

import java.nio.ByteBuffer;

/**
 * Group clock synchronisation: afterwards every rank knows {@code local - local_0}, its clock's
 * offset to rank 0's, measured at about {@link Pass#referenceTime()} on rank 0's clock.
 *
 * <ul>
 * <li>{@link #tree}: Hoefler, Schneider, Lumsdaine section 3.2. With t the largest power of two
 *     not above P, ranks 0..t-1 synchronise in log2 t rounds: in round k (1-based) rank r with
 *     r mod 2^k = 0 is the client of server r + 2^(k-1); all pairs run at once; a server then hands
 *     its client the offsets of its 2^(k-1) - 1 subtree ranks (relative to itself), which the client
 *     rebases on itself. Ranks t..P-1 then each synchronise with r - t in one more step and send
 *     the result to rank 0, which composes all offsets and scatters them: ceil(log2 P) steps.</li>
 * <li>{@link #linear}: SKaMPI's scheme, rank 0 synchronises with ranks 1..P-1 one after another
 *     (P - 1 steps).</li>
 * </ul>
 */
public final class GroupSync {
    private static final int TAG_SUBTREE = Control.FIRST_USER_TAG + 2;
    private static final int TAG_TO_ROOT = Control.FIRST_USER_TAG + 3;
    private static final int TAG_SCATTER = Control.FIRST_USER_TAG + 4;

    /** One synchronisation's result on a rank. */
    public record Pass(double offset, long referenceTime, long elapsedNanos, int exchanges, long minRtt) {
    }

    public enum Scheme {
        TREE, LINEAR;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private GroupSync() {
    }

    public static Pass run(Scheme scheme, Control control, LocalClock clock, int patience) {
        return scheme == Scheme.TREE ? tree(control, clock, patience) : linear(control, clock, patience);
    }

    /** Largest power of two not above p. */
    public static int largestPowerOfTwo(int p) {
        return Integer.highestOneBit(p);
    }

    /** Synchronisation steps of the tree: ceil(log2 P). */
    public static int treeSteps(int p) {
        return p <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(p - 1);
    }

    public static Pass tree(Control control, LocalClock clock, int patience) {
        RankPass pass = new RankPass(control, clock, patience);
        int rank = control.rank();
        int p = control.size();
        int t = largestPowerOfTwo(p);
        // known[y - rank] = local_y - local_rank for the ranks y of this rank's subtree
        double[] known = new double[] {0};
        if (rank < t) {
            for (int step = 2; step <= t; step *= 2) {
                int half = step / 2;
                if (rank % step == 0) {
                    int server = rank + half;
                    double offset = pass.clientOf(server);
                    double[] theirs = receive(control, server, half, TAG_SUBTREE);
                    double[] grown = new double[step];
                    System.arraycopy(known, 0, grown, 0, half);
                    for (int i = 0; i < half; i++) {
                        grown[half + i] = theirs[i] - offset;
                    }
                    known = grown;
                } else if (rank % step == half) {
                    pass.serverOf(rank - half);
                    send(control, rank - half, known, TAG_SUBTREE);
                    break;
                }
            }
            if (rank + t < p) {
                pass.serverOf(rank + t);
            }
        } else {
            send(control, 0, new double[] {pass.clientOf(rank - t)}, TAG_TO_ROOT);
        }
        double[] all = null;
        if (rank == 0) {
            all = new double[p];
            System.arraycopy(known, 0, all, 0, t);
            for (int r = t; r < p; r++) {
                all[r] = receive(control, r, 1, TAG_TO_ROOT)[0] + all[r - t];
            }
        }
        return pass.scatter(all);
    }

    public static Pass linear(Control control, LocalClock clock, int patience) {
        RankPass pass = new RankPass(control, clock, patience);
        double[] all = null;
        if (control.rank() == 0) {
            all = new double[control.size()];
            for (int x = 1; x < all.length; x++) {
                all[x] = -pass.clientOf(x);
            }
        } else {
            pass.serverOf(0);
        }
        return pass.scatter(all);
    }

    /**
     * One rank's pass so far, which its {@link Pass} reports: when it began on the rank's clock,
     * and what the rank's synchronisations as a client took (exchanges, the shortest round trip).
     */
    private static final class RankPass {
        private final Control control;
        private final LocalClock clock;
        private final int patience;
        private final long begin;
        private int exchanges;
        private long minRtt = Long.MAX_VALUE;

        RankPass(Control control, LocalClock clock, int patience) {
            this.control = control;
            this.clock = clock;
            this.patience = patience;
            this.begin = clock.at(control.now());
        }

        /** Synchronises with {@code server} as its client; returns this rank's clock's offset to the server's. */
        double clientOf(int server) {
            PairSync.Result r = PairSync.client(control, server, clock, patience, 100 * patience);
            exchanges += r.exchanges();
            minRtt = Math.min(minRtt, r.minRtt());
            return r.offset();
        }

        /** Serves {@code client}'s synchronisation. */
        void serverOf(int client) {
            PairSync.server(control, client, clock);
        }

        /** Rank 0 sends each rank its offset ({@code all}; null elsewhere) and the reference time (its clock now). */
        Pass scatter(double[] all) {
            if (control.rank() == 0) {
                long reference = (begin + clock.at(control.now())) / 2;
                for (int x = 1; x < control.size(); x++) {
                    send(control, x, new double[] {all[x], reference}, TAG_SCATTER);
                }
                return new Pass(0, reference, clock.at(control.now()) - begin, exchanges, minRtt);
            }
            double[] mine = receive(control, 0, 2, TAG_SCATTER);
            return new Pass(mine[0], (long) mine[1], clock.at(control.now()) - begin, exchanges, minRtt);
        }
    }

    private static void send(Control control, int peer, double[] values, int tag) {
        ByteBuffer b = Control.direct(values.length * 8);
        b.asDoubleBuffer().put(values);
        control.send(b, values.length * 8, peer, tag);
    }

    private static double[] receive(Control control, int peer, int n, int tag) {
        ByteBuffer b = Control.direct(n * 8);
        control.receive(b, n * 8, peer, tag);
        double[] v = new double[n];
        b.asDoubleBuffer().get(v);
        return v;
    }
}
