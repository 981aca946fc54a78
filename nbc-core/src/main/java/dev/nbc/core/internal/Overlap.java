package dev.nbc.core.internal;

import java.nio.ByteBuffer;

/**
 * How two byte ranges of direct buffers lie in memory: they are the same bytes, they
 * share some bytes, or none. Decided by native address ({@link NativeAddress}), so that
 * {@code b.duplicate()}, a slice or a read-only view of the same memory counts as the same region
 * however the buffer object was made. Where the JVM tells no addresses, only ranges of one buffer
 * object can be found to meet, and ranges of two objects are taken to be apart.
 */
public enum Overlap {
    /** The same first byte and length: MPI's in place. */
    SAME,
    /** Some bytes shared, but not the same region: erroneous for a send and a receive in MPI. */
    PARTIAL,
    /** No byte shared (always so for empty ranges). */
    NONE;

    /**
     * How {@code bytes} bytes from index {@code firstIndex} of {@code first} and from
     * {@code secondIndex} of {@code second} lie (both buffers direct).
     */
    public static Overlap of(ByteBuffer first, int firstIndex, ByteBuffer second, int secondIndex, int bytes) {
        return of(first, firstIndex, bytes, second, secondIndex, bytes);
    }

    /**
     * How {@code firstBytes} bytes from index {@code firstIndex} of {@code first} and
     * {@code secondBytes} bytes from {@code secondIndex} of {@code second} lie (both buffers
     * direct): SAME only for the same first byte and length.
     */
    public static Overlap of(ByteBuffer first, int firstIndex, int firstBytes, ByteBuffer second, int secondIndex, int secondBytes) {
        if (firstBytes == 0 || secondBytes == 0) {
            return NONE;
        }
        long firstStart;
        long secondStart;
        if (NativeAddress.isKnown()) {
            firstStart = NativeAddress.of(first) + firstIndex;
            secondStart = NativeAddress.of(second) + secondIndex;
        } else if (first == second) {
            firstStart = firstIndex;
            secondStart = secondIndex;
        } else {
            return NONE;
        }
        if (firstStart == secondStart && firstBytes == secondBytes) {
            return SAME;
        }
        boolean apart = firstStart + firstBytes <= secondStart || secondStart + secondBytes <= firstStart;
        return apart ? NONE : PARTIAL;
    }
}
