package dev.nbc.core.progress;

import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.internal.RequestAccess;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.testing.NoEngine;
import dev.nbc.core.testing.ScriptedTransport;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScratchPoolTest {
    private static final int KIB = 1 << 10;

    @Test
    void withASizeThatChangesAtEveryTakeThePoolStaysWithinItsBoundAndReusesItsBuffers() {
        long bound = 4L << 20;
        AtomicInteger allocations = new AtomicInteger();
        ScratchPool pool = new ScratchPool(bound, capacity -> {
            allocations.incrementAndGet();
            return ByteBuffer.allocateDirect(capacity);
        });
        SplittableRandom random = new SplittableRandom(7);
        for (int call = 0; call < 20_000; call++) {
            // two slots per call, as an allreduce with a spare buffer, each up to 480 KiB
            List<ScratchPool.Block> lent = new ArrayList<>();
            for (int slot = 0; slot < 2; slot++) {
                lent.add(pool.take(1 + random.nextInt(480 * KIB)));
            }
            lent.forEach(pool::give);
            assertTrue(pool.idleBytes() <= bound, "call " + call + ": " + pool.idleBytes() + " bytes idle");
            assertEquals(pool.idleBytes(), pool.heldBytes(), "nothing is lent between calls");
        }
        assertTrue(allocations.get() < 2_000, allocations + " allocations for 40,000 takes: sizes are not reused");
    }

    @Test
    void aReusedLargerBufferIsHandedOutAsAViewOfExactlyTheSizeAsked() {
        ScratchPool pool = new ScratchPool(1 << 20);
        ScratchPool.Block large = pool.take(1000);
        large.view().position(10).limit(20);
        pool.give(large);
        ScratchPool.Block small = pool.take(900);
        assertSame(large, small, "the idle buffer of 1,000 bytes serves a request of 900");
        ByteBuffer view = small.view();
        assertEquals(900, view.capacity());
        assertEquals(0, view.position());
        assertEquals(900, view.limit());
        assertTrue(view.isDirect());
        view.put(899, (byte) 1);
        assertThrows(IndexOutOfBoundsException.class, () -> view.put(900, (byte) 1));
    }

    @Test
    void aRequestIsNotServedByABufferTwiceItsSize() {
        ScratchPool pool = new ScratchPool(1 << 20);
        ScratchPool.Block large = pool.take(2048);
        pool.give(large);
        ScratchPool.Block small = pool.take(1024);
        assertTrue(small != large && small.capacity() < 2048, "a 1 KiB request took a buffer of " + small.capacity());
    }

    @Test
    void everyRequestGetsACapacityAtMostAnEighthAboveWhatItAsked() {
        for (int bytes = 1; bytes < 1 << 16; bytes++) {
            checkClass(bytes);
        }
        for (int bytes = 1 << 16; bytes > 0 && bytes <= ScratchPool.LARGEST_POOLED; bytes += bytes / 7 + 1) {
            checkClass(bytes);
        }
        checkClass(ScratchPool.LARGEST_POOLED);
    }

    private static void checkClass(int bytes) {
        int capacity = ScratchPool.capacityOf(ScratchPool.classOf(bytes));
        assertTrue(capacity >= bytes && (capacity <= ScratchPool.MIN_CAPACITY || capacity <= bytes + bytes / 8 + 1),
                bytes + " B went to a class of " + capacity + " B");
        if (ScratchPool.classOf(bytes) > 0) {
            assertTrue(ScratchPool.capacityOf(ScratchPool.classOf(bytes) - 1) < bytes, bytes + " B: a smaller class holds it");
        }
    }

    @Test
    void aBufferNotTakenForAWhileIsDropped() {
        ScratchPool pool = new ScratchPool(64L << 20);
        pool.give(pool.take(8 << 20));
        assertEquals(8 << 20, pool.heldBytes());
        for (long take = 0; take < ScratchPool.IDLE_TAKES + ScratchPool.SWEEP_TAKES; take++) {
            pool.give(pool.take(100));
        }
        assertTrue(pool.heldBytes() < KIB, "still held: " + pool.heldBytes() + " bytes in " + pool.heldBuffers() + " buffers");
    }

    @Test
    void aBufferBeyondTheBoundIsNotKept() {
        ScratchPool pool = new ScratchPool(100 * KIB);
        ScratchPool.Block first = pool.take(60 * KIB);
        ScratchPool.Block second = pool.take(60 * KIB);
        assertEquals(2, pool.heldBuffers());
        pool.give(first);
        pool.give(second);
        assertEquals(1, pool.heldBuffers());
        assertTrue(pool.heldBytes() <= 100 * KIB);
    }

    @Test
    void theRanksOfAProcessShareItsBound() {
        ScratchPool pool = new ScratchPool(100 * KIB);
        pool.give(pool.take(60 * KIB));
        pool.shareAmong(2);
        assertEquals(50 * KIB, pool.bound());
        assertEquals(0, pool.heldBytes(), "what is idle beyond the shared bound is dropped");
    }

    @Test
    void whenDirectMemoryRunsOutThePoolDropsWhatItKeepsAndTriesOnceMore() {
        ScratchPool pool = new ScratchPool(1 << 20, refusingAbove(100 * KIB, 1));
        pool.give(pool.take(50 * KIB));
        ScratchPool.Block large = pool.take(200 * KIB);
        assertEquals(200 * KIB, large.view().capacity());
        assertEquals(large.capacity(), pool.heldBytes(), "the idle 50 KiB were dropped before the retry");
    }

    @Test
    void whenTheRetryFailsTooTheRequestFailsNamingTheSizeAndThePoolGoesOn() {
        ScratchPool pool = new ScratchPool(1 << 20, refusingAbove(100 * KIB, Integer.MAX_VALUE));
        NbcException e = assertThrows(NbcException.class, () -> pool.take(200 * KIB));
        assertTrue(e.getMessage().contains("no direct memory for a scratch buffer of " + ScratchPool.capacityOf(
                ScratchPool.classOf(200 * KIB)) + " bytes") && e.getMessage().contains("MaxDirectMemorySize"), e.getMessage());
        assertEquals(10 * KIB, pool.take(10 * KIB).view().capacity());
    }

    /** Direct buffers, but the first {@code refusals} requests above {@code bytes} fail as the JVM fails them. */
    private static IntFunction<ByteBuffer> refusingAbove(int bytes, int refusals) {
        AtomicInteger left = new AtomicInteger(refusals);
        return capacity -> {
            if (capacity > bytes && left.getAndDecrement() > 0) {
                throw new OutOfMemoryError("Cannot reserve " + capacity + " bytes of direct buffer memory");
            }
            return ByteBuffer.allocateDirect(capacity);
        };
    }

    @Test
    void aStartThatFindsNoMemoryFailsAndGivesBackTheBuffersItHadTaken() {
        ScheduleBuilder builder = new ScheduleBuilder(BarrierAlgorithm.DISSEMINATION, 0, 2, -1, 0, DataType.BYTE, null);
        builder.scratch(KIB);
        builder.scratch(200 * KIB);
        Schedule schedule = builder.build();
        ScratchPool pool = new ScratchPool(1 << 20, refusingAbove(100 * KIB, Integer.MAX_VALUE));
        Execution execution = new Execution(schedule, new ScriptedTransport(0, 2), 0, null, null,
                RequestAccess.create(() -> "IBARRIER", BarrierAlgorithm.DISSEMINATION, NoEngine.INSTANCE), null);
        assertThrows(NbcException.class, () -> execution.start(pool, null, 0));
        execution.release(pool);
        assertEquals(1, pool.heldBuffers());
        assertEquals(pool.idleBytes(), pool.heldBytes(), "the 1 KiB buffer is back, idle");
    }

    @Test
    void theBoundIsReadFromTheSettingWithUnits() {
        assertEquals(64L << 20, ScratchPool.parseBytes("64m"));
        assertEquals(3L << 30, ScratchPool.parseBytes(" 3G "));
        assertEquals(4096, ScratchPool.parseBytes("4096"));
        assertEquals(0, ScratchPool.parseBytes("0"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ScratchPool.parseBytes("-1k"));
        assertEquals("nbc.scratch.bytes / NBC_SCRATCH_BYTES: must be a number of bytes >= 0, optionally followed by k, m"
                + " or g, but was '-1k'", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ScratchPool.parseBytes("lots"));
        assertThrows(IllegalArgumentException.class, () -> ScratchPool.parseBytes("m"));
    }

    @Test
    void byDefaultTheBoundIsAQuarterOfTheDirectMemoryLimitAtMost256MiB() {
        long bound = ScratchPool.processBound();
        assertTrue(bound > 0 && bound <= ScratchPool.MAX_DEFAULT_BOUND
                && (bound == ScratchPool.MAX_DEFAULT_BOUND || bound <= Runtime.getRuntime().maxMemory() / 4), "bound " + bound);
    }
}
