package dev.nbc.models.lmo;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Optional;

import static dev.nbc.models.lmo.Rounds.await;

/**
 * The LMO experiments of paper 001 over any nbc {@link Transport}, run by every rank of the group
 * with the same arguments: the empty roundtrips and the roundtrips of M bytes with empty replies
 * between every pair, and the one-to-two experiments of every triplet with each of its three as
 * the root. The experiments follow one global order; a rank takes part in those that name it and
 * skips the others, so experiments of disjoint ranks run at once (each rank in one at a time, as
 * the paper prescribes). Before each, the other participants post their receives and report
 * ready to the measuring rank, which then times the experiment on its own clock
 * ({@link Transport#nanoTime()}: exact on virtual time). Each experiment is repeated and its median
 * kept. Rank 0 collects every rank's measurements and returns them.
 */
public final class LmoProtocol {
    private LmoProtocol() {
    }

    /**
     * @param m           the message size of the non-empty experiments, bytes (below the scatter threshold S)
     * @param repetitions timings per experiment (the median is kept)
     * @return the experiments on rank 0, empty on the others
     */
    public static Optional<LmoExperiments> run(Transport transport, int m, int repetitions) {
        int n = transport.size();
        int me = transport.rank();
        if (n < 3) {
            throw new IllegalArgumentException("transport: the LMO experiments need at least 3 ranks, but has " + n);
        }
        if (m < 1 || repetitions < 1) {
            throw new IllegalArgumentException("m, repetitions: must be >= 1, but were " + m + ", " + repetitions);
        }
        Runner r = new Runner(transport, m, repetitions);
        // what this rank measured: [kind][i][j][k] flattened into one array, NaN where it measured nothing
        double[] mine = new double[3 * n * n * n];
        Arrays.fill(mine, Double.NaN);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double empty = r.roundtrip(i, j, 0);
                double full = r.roundtrip(i, j, m);
                if (me == i) {
                    mine[index(n, 0, i, j, 0)] = empty;
                    mine[index(n, 1, i, j, 0)] = full;
                }
            }
        }
        double[] myRoundtrips = r.shareRoundtrips(mine, n);
        r.roundtrips = myRoundtrips;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                for (int k = j + 1; k < n; k++) {
                    int[][] roots = {{i, j, k}, {j, i, k}, {k, i, j}};
                    for (int[] t : roots) {
                        double time = r.oneToTwo(t[0], t[1], t[2]);
                        if (me == t[0]) {
                            mine[index(n, 2, t[0], t[1], t[2])] = time;
                        }
                    }
                }
            }
        }
        return r.collect(mine).map(all -> {
            LmoExperiments e = new LmoExperiments(n, m);
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    e.setEmptyRoundtrip(i, j, all[index(n, 0, i, j, 0)]);
                    e.setRoundtrip(i, j, all[index(n, 1, i, j, 0)]);
                    for (int k = j + 1; k < n; k++) {
                        e.setOneToTwo(i, j, k, all[index(n, 2, i, j, k)]);
                        e.setOneToTwo(j, i, k, all[index(n, 2, j, i, k)]);
                        e.setOneToTwo(k, i, j, all[index(n, 2, k, i, j)]);
                    }
                }
            }
            return e;
        });
    }

    private static int index(int n, int kind, int i, int j, int k) {
        return ((kind * n + i) * n + j) * n + k;
    }

    /** One rank's side of the experiments. */
    private static final class Runner {
        private final Transport t;
        private final int me;
        private final int m;
        private final int repetitions;
        private final ByteBuffer payload;
        private final ByteBuffer other;
        private final ByteBuffer empty = ByteBuffer.allocateDirect(1);
        private final Rounds rounds;
        /** This rank's roundtrip time T_me,x(M) with every x ({@link #shareRoundtrips}). */
        double[] roundtrips;

        Runner(Transport t, int m, int repetitions) {
            this.t = t;
            this.me = t.rank();
            this.m = m;
            this.repetitions = repetitions;
            this.payload = ByteBuffer.allocateDirect(m);
            this.other = ByteBuffer.allocateDirect(m);
            this.rounds = new Rounds(t);
        }

        /** A fresh tag for one experiment's messages; every rank counts the same experiments. */
        private int nextTag() {
            return rounds.nextTag();
        }

        /** i times bytes to j and an empty reply, median of the repetitions; NaN on ranks that do not measure. */
        double roundtrip(int i, int j, int bytes) {
            return Rounds.medians(1, repetitions, point -> {
                int ready = nextTag();
                int data = nextTag();
                int reply = nextTag();
                if (me == j) {
                    PendingOperation in = t.receive(payload, 0, bytes, i, data);
                    await(t.send(empty, 0, 0, i, ready));
                    await(in);
                    await(t.send(empty, 0, 0, i, reply));
                } else if (me == i) {
                    await(t.receive(empty, 0, 0, j, ready));
                    PendingOperation back = t.receive(empty, 0, 0, j, reply);
                    long t0 = t.nanoTime();
                    PendingOperation out = t.send(payload, 0, bytes, j, data);
                    await(back);
                    long time = t.nanoTime() - t0;
                    await(out);
                    return time;
                }
                return Double.NaN;
            })[0];
        }

        /** root times M to a and to b and an empty reply from each. */
        double oneToTwo(int root, int a, int b) {
            return Rounds.medians(1, repetitions, point -> {
                int ready = nextTag();
                int data = nextTag();
                int reply = nextTag();
                if (me == a || me == b) {
                    PendingOperation in = t.receive(payload, 0, m, root, data);
                    await(t.send(empty, 0, 0, root, ready));
                    await(in);
                    await(t.send(empty, 0, 0, root, reply));
                } else if (me == root) {
                    await(t.receive(empty, 0, 0, a, ready));
                    await(t.receive(empty, 0, 0, b, ready));
                    PendingOperation backA = t.receive(empty, 0, 0, a, reply);
                    PendingOperation backB = t.receive(empty, 0, 0, b, reply);
                    // the partner with the longer roundtrip last: its branch is then the one that ends
                    // the experiment, after both sends, as the one-to-two formula has it
                    int first = roundtrips[a] <= roundtrips[b] ? a : b;
                    int second = first == a ? b : a;
                    long t0 = t.nanoTime();
                    PendingOperation toFirst = t.send(payload, 0, m, first, data);
                    PendingOperation toSecond = t.send(other, 0, m, second, data);
                    await(backA);
                    await(backB);
                    long time = t.nanoTime() - t0;
                    await(toFirst);
                    await(toSecond);
                    return time;
                }
                return Double.NaN;
            })[0];
        }

        /**
         * Each rank learns its roundtrip time of M bytes with every other: the lower rank of a pair
         * measured it and sends it to the higher. Returns T_me,x(M) indexed by x.
         */
        double[] shareRoundtrips(double[] mine, int n) {
            double[] result = new double[n];
            int tagOf = nextTag();
            ByteBuffer value = ByteBuffer.allocateDirect(Double.BYTES).order(ByteOrder.nativeOrder());
            for (int x = me + 1; x < n; x++) {
                result[x] = mine[index(n, 1, me, x, 0)];
                value.putDouble(0, result[x]);
                await(t.send(value, 0, Double.BYTES, x, tagOf));
            }
            for (int x = 0; x < me; x++) {
                await(t.receive(value, 0, Double.BYTES, x, tagOf));
                result[x] = value.getDouble(0);
            }
            return result;
        }

        /** Every rank's measurements to rank 0, which merges them (each entry was measured by exactly one rank). */
        Optional<double[]> collect(double[] mine) {
            int tagOf = nextTag();
            ByteBuffer buffer = ByteBuffer.allocateDirect(mine.length * Double.BYTES).order(ByteOrder.nativeOrder());
            if (me != 0) {
                buffer.asDoubleBuffer().put(mine);
                await(t.send(buffer, 0, buffer.capacity(), 0, tagOf));
                return Optional.empty();
            }
            double[] all = mine.clone();
            for (int from = 1; from < t.size(); from++) {
                await(t.receive(buffer, 0, buffer.capacity(), from, tagOf));
                double[] theirs = new double[mine.length];
                buffer.asDoubleBuffer().get(theirs);
                for (int x = 0; x < all.length; x++) {
                    if (!Double.isNaN(theirs[x])) {
                        all[x] = theirs[x];
                    }
                }
            }
            return Optional.of(all);
        }
    }
}
