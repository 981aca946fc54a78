package dev.nbc.models.assessment.measure;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The paper's γ, the time to reduce one byte: nbc-core's own SUM kernel on doubles (the one its
 * allreduce schedules run), 256 KiB at a time, median of 31 timings after a warm-up long enough
 * for the JIT.
 */
public final class GammaProbe {
    private static final int COUNT = 32 * 1024;

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
        double[] t = new double[31];
        for (int r = 0; r < t.length; r++) {
            long t0 = System.nanoTime();
            ReduceOp.SUM.apply(DataType.DOUBLE, source, 0, target, 0, COUNT, true);
            t[r] = (System.nanoTime() - t0) / (double) bytes;
        }
        Arrays.sort(t);
        return t[t.length / 2];
    }
}
