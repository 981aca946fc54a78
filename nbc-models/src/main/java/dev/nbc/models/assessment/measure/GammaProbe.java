package dev.nbc.models.assessment.measure;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The paper's γ, the time to reduce one byte: nbc-core's own SUM kernel on doubles (the one its
 * allreduce schedules run), 256 KiB at a time.
 *
 * <p>Timed in batches of 31 until the fastest batch median has stopped improving (by more than
 * 2 % over the last five batches, and not before 250 ms of timing, at most two seconds), and that
 * median is γ: the compiled kernel's cost, which is what the model's γ stands for. A single batch
 * after a fixed warm-up read 0.06 ns/B in some runs of the overlap benchmark and 0.41 ns/B in
 * others on this machine (three in ten), as both in-process ranks probed at once while
 * the JIT was still compiling: the simulated reference of the same benchmark then moved by 30
 * points of overlap between runs. Stopping after three batches without improvement (20 ms) was
 * not enough either: in 5 of 10 runs the kernel was still interpreted then (0.41-0.64 ns/B).
 */
public final class GammaProbe {
    private static final int COUNT = 32 * 1024;
    private static final int TIMINGS_PER_BATCH = 31;
    private static final int STABLE_BATCHES = 5;
    private static final double IMPROVEMENT = 0.02;
    private static final long MIN_NANOS = 250_000_000L;
    private static final long MAX_NANOS = 2_000_000_000L;

    private GammaProbe() {
    }

    /** ns per byte. */
    public static double measure() {
        int bytes = COUNT * Double.BYTES;
        ByteBuffer source = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
        ByteBuffer target = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
        for (int i = 0; i < COUNT; i++) {
            source.putDouble(i * Double.BYTES, i);
        }
        for (int w = 0; w < 200; w++) {
            ReduceOp.SUM.apply(DataType.DOUBLE, source, 0, target, 0, COUNT, true);
        }
        long start = System.nanoTime();
        double best = Double.POSITIVE_INFINITY;
        int sinceImproved = 0;
        double[] t = new double[TIMINGS_PER_BATCH];
        while (true) {
            for (int r = 0; r < t.length; r++) {
                long t0 = System.nanoTime();
                ReduceOp.SUM.apply(DataType.DOUBLE, source, 0, target, 0, COUNT, true);
                t[r] = (System.nanoTime() - t0) / (double) bytes;
            }
            Arrays.sort(t);
            double median = t[t.length / 2];
            if (median < best * (1 - IMPROVEMENT)) {
                sinceImproved = 0;
            } else {
                sinceImproved++;
            }
            best = Math.min(best, median);
            long elapsed = System.nanoTime() - start;
            if (elapsed > MAX_NANOS || elapsed > MIN_NANOS && sinceImproved >= STABLE_BATCHES) {
                return best;
            }
        }
    }
}
