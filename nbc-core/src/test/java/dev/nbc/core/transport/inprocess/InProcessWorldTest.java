package dev.nbc.core.transport.inprocess;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.TransportException;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;

import static dev.nbc.core.transport.inprocess.InProcessTransportTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link InProcessWorld#run}: one thread per rank, failures named by rank, no hangs. */
class InProcessWorldTest {

    @Test
    void runsEveryRankOnItsOwnThreadWithItsOwnEndpoint() {
        InProcessWorld world = new InProcessWorld(5);
        AtomicIntegerArray seen = new AtomicIntegerArray(5);
        String[] threads = new String[5];
        world.run((rank, transport) -> {
            assertEquals(rank, transport.rank());
            seen.incrementAndGet(rank);
            threads[rank] = Thread.currentThread().getName();
        });
        for (int rank = 0; rank < 5; rank++) {
            assertEquals(1, seen.get(rank));
        }
        assertEquals(5, Arrays.stream(threads).distinct().count());
        world.run((rank, transport) -> seen.incrementAndGet(rank));   // reusable after success
        assertEquals(2, seen.get(4));
    }

    @Test
    void theFirstFailureIsRethrownWithItsRankAndItsPartnersFailInsteadOfHanging() {
        InProcessWorld world = new InProcessWorld(3);
        InProcessWorld.RankFailedException e = assertThrows(InProcessWorld.RankFailedException.class,
                () -> world.run((rank, transport) -> {
                    if (rank == 2) {
                        throw new IllegalStateException("boom");
                    }
                    // ranks 0 and 1 wait for a message rank 2 will never send
                    awaitTrue(transport.receive(ByteBuffer.allocateDirect(4), 0, 4, 2, 0));
                }, Duration.ofSeconds(20)));
        assertEquals(2, e.rank());
        assertTrue(e.getMessage().contains("rank 2 of 3") && e.getMessage().contains("boom"), e.getMessage());
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals(2, e.getSuppressed().length, "the partners' failures come along");
        assertInstanceOf(TransportException.class, e.getSuppressed()[0].getCause());
    }

    @Test
    void ranksStillRunningAtTheTimeoutAreNamedWithTheirStacksAndReleased() throws InterruptedException {
        InProcessWorld world = new InProcessWorld(2);
        AtomicReference<Thread> hung = new AtomicReference<>();
        InProcessWorld.RankFailedException e = assertThrows(InProcessWorld.RankFailedException.class,
                () -> world.run((rank, transport) -> {
                    if (rank == 1) {
                        hung.set(Thread.currentThread());
                        PendingOperation never = transport.receive(ByteBuffer.allocateDirect(4), 0, 4, 1, 9);
                        while (!never.test()) {      // polls a self-receive nobody sends; only close ends it
                            Thread.yield();
                        }
                    }
                }, Duration.ofMillis(300)));
        hung.get().join();                           // released: its poll failed once the world closed it
        assertEquals(1, e.rank());
        assertTrue(e.getMessage().contains("[1]") && e.getMessage().contains("300 ms"), e.getMessage());
        assertTrue(e.getSuppressed()[0].getMessage().contains("rank 1 was here"));
        assertTrue(world.transport(0).isClosed() && world.transport(1).isClosed());
    }
}
