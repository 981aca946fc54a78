package dev.nbc.core;

import dev.nbc.core.datatype.DataType;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Java arrays staged through direct buffers, for the collectives' array overloads: a collective
 * reads and writes its memory in the background, and the MPI transport needs a fixed native
 * address, which a heap array has not. Buffers come from a pool by power-of-two capacity, so a
 * loop of array collectives allocates no direct memory after its first calls; a buffer goes back
 * when its collective is over (a failed collective's buffers are left to the collector).
 */
final class ArrayStaging {
    /** Buffers kept per capacity: a few collectives in flight at once, not an unbounded cache. */
    private static final int KEPT_PER_CAPACITY = 8;
    private static final Map<Integer, Queue<ByteBuffer>> POOL = new ConcurrentHashMap<>();

    private ArrayStaging() {
    }

    /** A pooled direct buffer, native order, positioned at 0 with {@code bytes} remaining. */
    static ByteBuffer take(int bytes) {
        int capacity = Math.max(64, Integer.highestOneBit(Math.max(1, bytes - 1)) << 1);
        if (capacity < bytes) { // beyond 2^30: no power of two above it fits an int
            capacity = bytes;
        }
        ByteBuffer buffer = POOL.computeIfAbsent(capacity, c -> new ConcurrentLinkedQueue<>()).poll();
        if (buffer == null) {
            buffer = ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
        }
        return buffer.clear().limit(bytes);
    }

    static void give(ByteBuffer buffer) {
        if (buffer == null) {
            return;
        }
        Queue<ByteBuffer> kept = POOL.computeIfAbsent(buffer.capacity(), c -> new ConcurrentLinkedQueue<>());
        if (kept.size() < KEPT_PER_CAPACITY) {
            kept.offer(buffer);
        }
    }

    /** The type of a primitive array nbc has a type for; refused otherwise, naming {@code name}. */
    static DataType typeOf(String name, Object array) {
        if (array instanceof double[]) {
            return DataType.DOUBLE;
        } else if (array instanceof float[]) {
            return DataType.FLOAT;
        } else if (array instanceof long[]) {
            return DataType.LONG;
        } else if (array instanceof int[]) {
            return DataType.INT;
        } else if (array instanceof short[]) {
            return DataType.SHORT;
        } else if (array instanceof byte[]) {
            return DataType.BYTE;
        } else if (array == null) {
            throw new IllegalArgumentException(name + ": must not be null");
        }
        throw new IllegalArgumentException(name + ": must be a double[], float[], long[], int[], short[] or byte[], but was "
                + array.getClass().getSimpleName());
    }

    /** {@code array}, refused if null, naming {@code name}. */
    static Object nonNull(String name, Object array) {
        if (array == null) {
            throw new IllegalArgumentException(name + ": must not be null");
        }
        return array;
    }

    /**
     * {@code array}, refused unless it holds exactly {@code length} elements, naming {@code name}
     * and where the length comes from ({@code rule}, e.g. "as sendArray does"): the array the
     * message names is the one to change.
     */
    static Object requireLength(String name, Object array, int length, String rule) {
        int actual = lengthOf(nonNull(name, array));
        if (actual != length) {
            throw new IllegalArgumentException(name + ": must hold " + length + " elements (" + rule + "), but holds " + actual);
        }
        return array;
    }

    static int lengthOf(Object array) {
        return java.lang.reflect.Array.getLength(array);
    }

    /** A pooled buffer holding a copy of {@code array}. */
    static ByteBuffer in(Object array, DataType type) {
        ByteBuffer buffer = take(type.bytesFor(lengthOf(array)));
        copy(array, buffer, true);
        return buffer;
    }

    /** Copies {@code buffer}'s elements into {@code array} (as many as the array holds). */
    static void out(ByteBuffer buffer, Object array) {
        copy(array, buffer, false);
    }

    private static void copy(Object array, ByteBuffer buffer, boolean intoBuffer) {
        ByteBuffer view = buffer.duplicate().order(ByteOrder.nativeOrder()).clear();
        if (array instanceof double[] a) {
            if (intoBuffer) view.asDoubleBuffer().put(a); else view.asDoubleBuffer().get(a);
        } else if (array instanceof float[] a) {
            if (intoBuffer) view.asFloatBuffer().put(a); else view.asFloatBuffer().get(a);
        } else if (array instanceof long[] a) {
            if (intoBuffer) view.asLongBuffer().put(a); else view.asLongBuffer().get(a);
        } else if (array instanceof int[] a) {
            if (intoBuffer) view.asIntBuffer().put(a); else view.asIntBuffer().get(a);
        } else if (array instanceof short[] a) {
            if (intoBuffer) view.asShortBuffer().put(a); else view.asShortBuffer().get(a);
        } else if (array instanceof byte[] a) {
            if (intoBuffer) view.put(a); else view.get(a);
        }
    }
}
