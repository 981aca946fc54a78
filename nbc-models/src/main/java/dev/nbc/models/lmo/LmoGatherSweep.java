package dev.nbc.models.lmo;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Optional;

import static dev.nbc.models.lmo.Rounds.await;

/**
 * A linear gather timed over sizes, for the gather thresholds M1 and M2 (paper 001, section 3):
 * every other rank sends M bytes to the root, all starting at one instant the root announces
 * (the ranks' clocks must be one: the in-process transport's, real or virtual), and the gather ends
 * when the root has received the last block. The root posts its receives and takes the blocks in
 * the order nbc's linear gather posts them ({@link LinearOrder}). Run by every rank with the same
 * arguments; the root gets the median time per size.
 */
public final class LmoGatherSweep {
    /** How far ahead the root sets the common start: its announcements must have arrived by then. */
    static final long START_MARGIN_NANOS = 1_000_000;

    private LmoGatherSweep() {
    }

    public static Optional<double[]> run(Transport t, int root, int[] sizes, int repetitions) {
        int n = t.size();
        int me = t.rank();
        int largest = Math.max(1, Arrays.stream(sizes).max().orElse(0));
        // the root receives a block from every other rank at once; the others send one
        ByteBuffer[] blocks = new ByteBuffer[me == root ? n : 1];
        for (int b = 0; b < blocks.length; b++) {
            blocks[b] = b == root && me == root ? null : ByteBuffer.allocateDirect(largest);
        }
        ByteBuffer at = ByteBuffer.allocateDirect(Long.BYTES).order(ByteOrder.nativeOrder());
        PendingOperation[] in = new PendingOperation[n];
        int[] order = me == root ? LinearOrder.gather(root, n) : new int[0];
        Rounds rounds = new Rounds(t);
        double[] medians = Rounds.medians(sizes.length, repetitions, s -> {
            int start = rounds.nextTag();
            int data = rounds.nextTag();
            if (me != root) {
                await(t.receive(at, 0, Long.BYTES, root, start));
                t.spinUntil(at.getLong(0));
                await(t.send(blocks[0], 0, sizes[s], root, data));
                return Double.NaN;
            }
            for (int r : order) {
                in[r] = t.receive(blocks[r], 0, sizes[s], r, data);
            }
            long begin = t.nanoTime() + START_MARGIN_NANOS;
            at.putLong(0, begin);
            for (int r = 0; r < n; r++) {
                if (r != root) {
                    await(t.send(at, 0, Long.BYTES, r, start));
                }
            }
            t.spinUntil(begin);
            for (int r : order) {
                await(in[r]);
            }
            return t.nanoTime() - begin;
        });
        return me == root ? Optional.of(medians) : Optional.empty();
    }
}
