package dev.nbc.core.transport.tcp;

import java.nio.ByteBuffer;

/**
 * Direct buffers for unexpected messages, in power-of-two classes from 256 B to 4 MiB, a few kept
 * per class; larger ones are allocated for the message and left to the collector. Direct, because
 * a socket read into a heap buffer goes through a temporary direct buffer of the JDK's (one more
 * copy, and for a large message a large temporary). Used under the transport's lock.
 */
final class DirectBufferPool {
    private static final int MIN_SHIFT = 8;
    private static final int MAX_SHIFT = 22;
    private static final int KEPT_PER_CLASS = 8;
    private static final ByteBuffer EMPTY = ByteBuffer.allocateDirect(0);

    private final ByteBuffer[][] kept = new ByteBuffer[MAX_SHIFT + 1][KEPT_PER_CLASS];
    private final int[] counts = new int[MAX_SHIFT + 1];

    /** A buffer of at least {@code length} bytes. */
    ByteBuffer take(int length) {
        if (length == 0) {
            return EMPTY;
        }
        int shift = shiftFor(length);
        if (shift > MAX_SHIFT) {
            return ByteBuffer.allocateDirect(length);
        }
        if (counts[shift] > 0) {
            ByteBuffer buffer = kept[shift][--counts[shift]];
            kept[shift][counts[shift]] = null;
            return buffer;
        }
        return ByteBuffer.allocateDirect(1 << shift);
    }

    /** Takes back a buffer whose data has been copied out. */
    void give(ByteBuffer buffer) {
        int capacity = buffer.capacity();
        if (capacity == 0 || Integer.bitCount(capacity) != 1) {
            return;
        }
        int shift = Integer.numberOfTrailingZeros(capacity);
        if (shift >= MIN_SHIFT && shift <= MAX_SHIFT && counts[shift] < KEPT_PER_CLASS) {
            kept[shift][counts[shift]++] = buffer;
        }
    }

    private static int shiftFor(int length) {
        int shift = 32 - Integer.numberOfLeadingZeros(length - 1);
        return Math.max(shift, MIN_SHIFT);
    }
}
