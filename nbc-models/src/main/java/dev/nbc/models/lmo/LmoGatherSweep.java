package dev.nbc.models.lmo;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Optional;

/**
 * A linear gather timed over sizes, for the gather thresholds M1 and M2 (paper 001, section 3):
 * every other rank sends M bytes to the root, all starting at one instant the root announces
 * (the ranks' clocks must be one: the in-process transport's, real or virtual), and the gather ends
 * when the root has received the last block. Run by every rank with the same arguments; the root
 * gets the median time per size.
 */
public final class LmoGatherSweep {
    /** How far ahead the root sets the common start: its announcements must have arrived by then. */
    static final long START_MARGIN_NANOS = 1_000_000;

    private LmoGatherSweep() {
    }

    public static Optional<double[]> run(Transport t, int root, int[] sizes, int repetitions) {
        int n = t.size();
        int me = t.rank();
        int largest = Arrays.stream(sizes).max().orElse(0);
        ByteBuffer[] blocks = new ByteBuffer[n];
        for (int r = 0; r < n; r++) {
            blocks[r] = ByteBuffer.allocateDirect(Math.max(1, me == root ? largest : (r == 0 ? largest : 1)));
        }
        ByteBuffer go = ByteBuffer.allocateDirect(Long.BYTES).order(ByteOrder.nativeOrder());
        double[] medians = new double[sizes.length];
        int tag = 0;
        for (int s = 0; s < sizes.length; s++) {
            double[] times = new double[repetitions];
            for (int rep = 0; rep < repetitions; rep++) {
                int start = ++tag % (t.maxTag() + 1);
                int data = ++tag % (t.maxTag() + 1);
                if (me != root) {
                    await(t.receive(go, 0, Long.BYTES, root, start));
                    t.spinUntil(go.getLong(0));
                    await(t.send(blocks[0], 0, sizes[s], root, data));
                } else {
                    PendingOperation[] in = new PendingOperation[n];
                    for (int r = 0; r < n; r++) {
                        if (r != root) {
                            in[r] = t.receive(blocks[r], 0, sizes[s], r, data);
                        }
                    }
                    long at = t.nanoTime() + START_MARGIN_NANOS;
                    for (int r = 0; r < n; r++) {
                        if (r != root) {
                            ByteBuffer announce = ByteBuffer.allocateDirect(Long.BYTES).order(ByteOrder.nativeOrder());
                            announce.putLong(0, at);
                            await(t.send(announce, 0, Long.BYTES, r, start));
                        }
                    }
                    t.spinUntil(at);
                    for (int r = 0; r < n; r++) {
                        if (r != root) {
                            await(in[r]);
                        }
                    }
                    times[rep] = t.nanoTime() - at;
                }
            }
            double[] sorted = times.clone();
            Arrays.sort(sorted);
            medians[s] = sorted[repetitions / 2];
        }
        return me == root ? Optional.of(medians) : Optional.empty();
    }

    private static void await(PendingOperation op) {
        while (!op.test()) {
            Thread.yield();
        }
    }
}
