package dev.nbc.core.transport.inprocess;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The spare staging buffer: reused when large enough, the larger one kept. */
class StagingBuffersTest {

    @Test
    void aGivenBackBufferIsReusedForAnyMessageItCanHold() {
        StagingBuffers buffers = new StagingBuffers();
        byte[] first = buffers.take(1000);
        assertEquals(1000, first.length);
        buffers.give(first);
        assertSame(first, buffers.take(400), "a shorter message reuses the spare");
        buffers.give(first);
        byte[] larger = buffers.take(2000);
        assertNotSame(first, larger, "a spare too small is not used");
        assertEquals(2000, larger.length);
        assertNotSame(first, buffers.take(10), "the spare was taken (and dropped) by the larger take");
    }

    @Test
    void theLargerOfTwoReturnedBuffersIsKept() {
        StagingBuffers buffers = new StagingBuffers();
        byte[] small = buffers.take(100);
        byte[] big = buffers.take(5000);
        buffers.give(big);
        buffers.give(small);
        assertSame(big, buffers.take(5000));
        buffers.give(small);
        assertSame(small, buffers.take(50));
    }

    @Test
    void emptyMessagesNeedNoBuffer() {
        StagingBuffers buffers = new StagingBuffers();
        assertEquals(0, buffers.take(0).length);
        buffers.give(new byte[0]);
        assertEquals(64, buffers.take(64).length);
    }
}
