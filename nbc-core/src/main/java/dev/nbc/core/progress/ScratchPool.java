package dev.nbc.core.progress;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Reuses scratch buffers between executions: allocating (and zeroing) a direct buffer per
 * collective would cost more than a small collective itself. Touched only by the progressing
 * thread. Keeps at most {@link #MAX_RETAINED_BYTES}; beyond that, buffers are left to the GC.
 */
final class ScratchPool {
    static final long MAX_RETAINED_BYTES = 256L << 20;

    private final Map<Integer, ArrayDeque<ByteBuffer>> free = new HashMap<>();
    private long retainedBytes;

    ByteBuffer take(int bytes) {
        ArrayDeque<ByteBuffer> queue = free.get(bytes);
        if (queue != null && !queue.isEmpty()) {
            retainedBytes -= bytes;
            return queue.pop();
        }
        return ByteBuffer.allocateDirect(bytes);
    }

    void give(ByteBuffer buffer) {
        int bytes = buffer.capacity();
        if (retainedBytes + bytes <= MAX_RETAINED_BYTES) {
            free.computeIfAbsent(bytes, b -> new ArrayDeque<>()).push(buffer);
            retainedBytes += bytes;
        }
    }
}
