package dev.nbc.models.lmo;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Optional;

import static dev.nbc.models.lmo.Rounds.await;

/**
 * A linear scatter timed over sizes, for the scatter threshold S (paper 001, section 3): the root
 * sends M bytes to every other rank in the order nbc's linear scatter posts them
 * ({@link LinearOrder}), and the scatter ends when the last of them has received its block. Each
 * receiver reports the time its receive completed, so the ranks' clocks must be one (the
 * in-process transport's, real or virtual); before each repetition the receivers post their
 * receives and report ready. Run by every rank with the same arguments; the root gets the median
 * time per size.
 */
public final class LmoScatterSweep {
    private LmoScatterSweep() {
    }

    public static Optional<double[]> run(Transport t, int root, int[] sizes, int repetitions) {
        int n = t.size();
        int me = t.rank();
        ByteBuffer block = ByteBuffer.allocateDirect(Math.max(1, Arrays.stream(sizes).max().orElse(0)));
        ByteBuffer empty = ByteBuffer.allocateDirect(1);
        ByteBuffer clock = ByteBuffer.allocateDirect(Long.BYTES).order(ByteOrder.nativeOrder());
        PendingOperation[] out = new PendingOperation[n];
        int[] order = LinearOrder.scatter(root, n);
        Rounds rounds = new Rounds(t);
        double[] medians = Rounds.medians(sizes.length, repetitions, s -> {
            int ready = rounds.nextTag();
            int data = rounds.nextTag();
            int done = rounds.nextTag();
            if (me != root) {
                PendingOperation in = t.receive(block, 0, sizes[s], root, data);
                await(t.send(empty, 0, 0, root, ready));
                await(in);
                clock.putLong(0, t.nanoTime());
                await(t.send(clock, 0, Long.BYTES, root, done));
                return Double.NaN;
            }
            for (int r = 0; r < n; r++) {
                if (r != root) {
                    await(t.receive(empty, 0, 0, r, ready));
                }
            }
            long t0 = t.nanoTime();
            for (int r : order) {
                out[r] = t.send(block, 0, sizes[s], r, data);
            }
            long last = t0;
            for (int r = 0; r < n; r++) {
                if (r != root) {
                    await(t.receive(clock, 0, Long.BYTES, r, done));
                    last = Math.max(last, clock.getLong(0));
                    await(out[r]);
                }
            }
            return last - t0;
        });
        return me == root ? Optional.of(medians) : Optional.empty();
    }
}
