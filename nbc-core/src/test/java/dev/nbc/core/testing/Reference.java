package dev.nbc.core.testing;

import dev.nbc.core.Buffers;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;

import java.nio.ByteBuffer;
import java.util.Random;

/** Sequential definitions of the collectives' results, and test data for them. */
public final class Reference {
    private Reference() {
    }

    /** x0 op x1 op ... op x(P-1), combined strictly left to right in rank order. */
    public static ByteBuffer allreduce(ByteBuffer[] contributions, int count, DataType type, ReduceOp op) {
        ByteBuffer result = copy(contributions[0]);
        for (int rank = 1; rank < contributions.length; rank++) {
            op.apply(type, contributions[rank], 0, result, 0, count, false);
        }
        return result;
    }

    /**
     * Random counts (zeros included) and displacements for a v-collective of {@code size} ranks:
     * blocks in a random order with random gaps, never overlapping. Returns {counts, displacements}.
     */
    public static int[][] randomLayout(Random random, int size, int maxCount) {
        int[] counts = new int[size];
        int[] displacements = new int[size];
        java.util.List<Integer> order = new java.util.ArrayList<>();
        for (int r = 0; r < size; r++) {
            counts[r] = random.nextInt(4) == 0 ? 0 : random.nextInt(maxCount + 1);
            order.add(r);
        }
        java.util.Collections.shuffle(order, random);
        int next = 0;
        for (int r : order) {
            next += random.nextInt(3);
            displacements[r] = next;
            next += counts[r];
        }
        return new int[][]{counts, displacements};
    }

    /** The elements (as bytes) of {@code counts[r]} from element {@code displacements[r]} of {@code buffer}. */
    public static ByteBuffer block(ByteBuffer buffer, int[] counts, int[] displacements, int r, DataType type) {
        return buffer.slice(type.bytesFor(displacements[r]), type.bytesFor(counts[r])).order(buffer.order());
    }

    public static ByteBuffer copy(ByteBuffer source) {
        ByteBuffer copy = ByteBuffer.allocateDirect(source.capacity()).order(source.order());
        copy.put(source.duplicate().clear());
        return copy.clear();
    }

    /**
     * Random elements that keep every reduction exact, so algorithms that associate differently
     * must agree bit for bit: small integers (also for FLOAT and DOUBLE, whose sums and products
     * of small integers are exact), non-zero so that PROD stays informative.
     */
    public static ByteBuffer randomElements(Random random, int count, DataType type) {
        ByteBuffer buffer = Buffers.allocate(count, type);
        for (int i = 0; i < count; i++) {
            int value = random.nextInt(7) - 3;
            if (value == 0) {
                value = 1 + random.nextInt(2);
            }
            switch (type) {
                case BYTE -> buffer.put(i, (byte) value);
                case SHORT -> buffer.putShort(2 * i, (short) value);
                case INT -> buffer.putInt(4 * i, random.nextBoolean() ? value : random.nextInt());
                case LONG -> buffer.putLong(8 * i, random.nextBoolean() ? value : random.nextLong());
                case FLOAT -> buffer.putFloat(4 * i, value);
                case DOUBLE -> buffer.putDouble(8 * i, value);
            }
        }
        return buffer;
    }

    /**
     * A non-commutative, associative operation on LONG: each element packs a 2x2 matrix of 16-bit
     * entries, combined by matrix multiplication modulo 2^16. Rank order changes the result.
     */
    public static final ReduceOp MATRIX_PRODUCT = ReduceOp.ofIntegers("MATRIX_PRODUCT_2x2_MOD_2^16", false, (a, b) -> {
        long a11 = a & 0xFFFF, a12 = (a >>> 16) & 0xFFFF, a21 = (a >>> 32) & 0xFFFF, a22 = (a >>> 48) & 0xFFFF;
        long b11 = b & 0xFFFF, b12 = (b >>> 16) & 0xFFFF, b21 = (b >>> 32) & 0xFFFF, b22 = (b >>> 48) & 0xFFFF;
        long c11 = (a11 * b11 + a12 * b21) & 0xFFFF;
        long c12 = (a11 * b12 + a12 * b22) & 0xFFFF;
        long c21 = (a21 * b11 + a22 * b21) & 0xFFFF;
        long c22 = (a21 * b12 + a22 * b22) & 0xFFFF;
        return c11 | (c12 << 16) | (c21 << 32) | (c22 << 48);
    });

    /** Describes the first differing element, or returns null if the buffers are equal. */
    public static String difference(ByteBuffer expected, ByteBuffer actual, DataType type) {
        int bytes = expected.capacity();
        if (actual.capacity() < bytes) {
            return "actual has " + actual.capacity() + " bytes, expected " + bytes;
        }
        for (int i = 0; i < bytes; i++) {
            if (expected.get(i) != actual.get(i)) {
                int element = i / type.sizeInBytes();
                return "first difference at element " + element + " (byte " + i + "): expected byte "
                        + expected.get(i) + ", got " + actual.get(i);
            }
        }
        return null;
    }
}
