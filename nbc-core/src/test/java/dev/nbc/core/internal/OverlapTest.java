package dev.nbc.core.internal;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Regions are compared by the memory they cover, whichever buffer object shows it. */
class OverlapTest {
    private final ByteBuffer memory = ByteBuffer.allocateDirect(256);

    @Test
    void addressesAreKnownOnThisJvm() {
        // Java 17..21 through sun.misc.Unsafe, 22 and later through MemorySegment; without them
        // the rules fall back to object identity, which misses duplicates.
        assertTrue(NativeAddress.isKnown(), "no way to read a direct buffer's address on " + Runtime.version());
        assertEquals(NativeAddress.of(memory), NativeAddress.of(memory.duplicate()));
        assertEquals(NativeAddress.of(memory) + 40, NativeAddress.of(memory.slice(40, 8)));
        assertEquals(NativeAddress.of(memory) + 40, NativeAddress.of(memory.position(40).slice().asReadOnlyBuffer()));
        assertNotEquals(NativeAddress.of(memory), NativeAddress.of(ByteBuffer.allocateDirect(256)));
    }

    @Test
    void theSameFirstByteAndLengthIsTheSameRegionWhateverTheObject() {
        assertEquals(Overlap.SAME, Overlap.of(memory, 16, memory, 16, 32));
        assertEquals(Overlap.SAME, Overlap.of(memory, 16, memory.duplicate(), 16, 32));
        assertEquals(Overlap.SAME, Overlap.of(memory, 16, memory.slice(16, 32), 0, 32));
        assertEquals(Overlap.SAME, Overlap.of(memory.slice(8, 100), 8, memory.asReadOnlyBuffer(), 16, 32));
    }

    @Test
    void rangesThatShareSomeBytesArePartial() {
        assertEquals(Overlap.PARTIAL, Overlap.of(memory, 0, memory, 31, 32));
        assertEquals(Overlap.PARTIAL, Overlap.of(memory.duplicate(), 31, memory, 0, 32));
        assertEquals(Overlap.PARTIAL, Overlap.of(memory.slice(64, 64), 0, memory, 65, 32));
    }

    @Test
    void adjacentDistinctAndEmptyRangesShareNothing() {
        assertEquals(Overlap.NONE, Overlap.of(memory, 0, memory, 32, 32));
        assertEquals(Overlap.NONE, Overlap.of(memory.slice(32, 32), 0, memory, 0, 32));
        assertEquals(Overlap.NONE, Overlap.of(memory, 0, ByteBuffer.allocateDirect(32), 0, 32));
        assertEquals(Overlap.NONE, Overlap.of(memory, 0, memory, 0, 0));
    }
}
