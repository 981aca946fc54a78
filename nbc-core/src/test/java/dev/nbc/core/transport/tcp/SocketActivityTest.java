package dev.nbc.core.transport.tcp;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressPolicy;
import dev.nbc.core.request.Request;
import dev.nbc.core.testing.Reference;
import dev.nbc.core.transport.ActivitySignal;
import dev.nbc.core.transport.PendingOperation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The TCP transport's activity signal: a waiting progress thread wakes when data comes, when it is
 * woken, and at the pace of a long payload; and a SHARED engine's thread completes a long transfer
 * on it while neither application thread calls into the library.
 */
class SocketActivityTest {
    /** Far longer than anything here takes: an await that returns before it returned for a reason. */
    private static final long LONG_NANOS = TimeUnit.SECONDS.toNanos(20);

    @RegisterExtension
    final TcpGroups groups = new TcpGroups();

    @Test
    void anAwaitEndsWhenDataArrives() throws Exception {
        List<TcpTransport> group = groups.open(2);
        ActivitySignal signal = group.get(1).activitySignal();
        assertNotNull(signal);
        ByteBuffer in = ByteBuffer.allocateDirect(8);
        PendingOperation receive = group.get(1).receive(in, 0, 8, 0, 7);
        Thread sender = new Thread(() -> {
            sleepQuietly(50);
            group.get(0).send(ByteBuffer.allocateDirect(8).putLong(0, 42), 0, 8, 1, 7);
        });
        sender.start();
        long waited = timed(() -> {
            while (!receive.test()) {
                signal.await(LONG_NANOS);
            }
        });
        sender.join();
        assertTrue(waited < LONG_NANOS / 2, "the await ended only after " + waited / 1e6 + " ms");
        assertEquals(42, in.getLong(0));
    }

    @Test
    void wakeUpEndsAnAwaitInProgressAndOneToCome() throws Exception {
        ActivitySignal signal = groups.open(2).get(0).activitySignal();
        signal.wakeUp();
        assertTrue(timed(() -> signal.await(LONG_NANOS)) < LONG_NANOS / 2, "a wake-up before the await was lost");
        Thread waker = new Thread(() -> {
            sleepQuietly(50);
            signal.wakeUp();
        });
        waker.start();
        assertTrue(timed(() -> signal.await(LONG_NANOS)) < LONG_NANOS / 2, "a wake-up during the await was lost");
        waker.join();
    }

    @Test
    void anAwaitWithNothingToComeLastsItsTimeout() {
        ActivitySignal signal = groups.open(2).get(0).activitySignal();
        assertTrue(timed(() -> signal.await(TimeUnit.MILLISECONDS.toNanos(30))) >= TimeUnit.MILLISECONDS.toNanos(25));
    }

    /**
     * A send that the sockets did not take whole (its receiver reads nothing yet): the connection
     * is due for another write at the pace its frames drain at, at most {@link Peer#MAX_PACE_NANOS}
     * ahead, rather than only once the kernel reports the socket writable (after a third of the
     * buffer has drained: 22 ms at 1 Gbit/s); once the receiver has read everything, nothing is due.
     */
    @Test
    void framesBehindAFullSocketAreDueForAWriteAtTheirDrainPace() {
        List<TcpTransport> group = groups.open(2);
        Peer toRank1 = group.get(0).peer(1);
        int length = 16 * Mesh.SOCKET_BUFFER_BYTES;
        PendingOperation send = group.get(0).send(ByteBuffer.allocateDirect(length), 0, length, 1, 7);
        for (int i = 0; i < 10; i++) {
            assertFalse(send.test(), "the sockets took all of " + length + " bytes");
            long due = toRank1.writePaceUntil() - System.nanoTime();
            assertTrue(toRank1.hasQueuedFrames());
            assertTrue(due <= Peer.MAX_PACE_NANOS, "the next write is due only in " + due / 1e6 + " ms");
            assertTrue(toRank1.writePaceUntil() != 0, "no write is due with frames queued behind a full socket");
            sleepQuietly(2);
        }
        ByteBuffer in = ByteBuffer.allocateDirect(length);
        PendingOperation receive = group.get(1).receive(in, 0, length, 0, 7);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            while (!(send.test() & receive.test())) {
                Thread.onSpinWait();
            }
        });
        assertFalse(toRank1.hasQueuedFrames());
        assertEquals(0, toRank1.writePaceUntil(), "a write is due with nothing queued");
    }

    /**
     * 32 MiB, eight times the socket buffers: the thread must read the payload as it arrives (a
     * paced look, or the connection's readiness) for the sender's writes to go on; neither
     * application thread calls into the library until the request is complete.
     */
    @Test
    void theProgressThreadCompletesALongBroadcastAlone() {
        List<TcpTransport> group = groups.open(2);
        int count = 8 << 20;
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            try (ProgressEngine root = ProgressEngine.start(ProgressPolicy.SHARED);
                 ProgressEngine leaf = ProgressEngine.start(ProgressPolicy.SHARED)) {
                Communicator rootComm = Communicator.create(root, group.get(0));
                Communicator leafComm = Communicator.create(leaf, group.get(1));
                ByteBuffer sent = Reference.randomElements(new Random(5), count, DataType.INT);
                ByteBuffer received = Buffers.allocate(count, DataType.INT);
                Request[] requests = new Request[2];
                Thread leafThread = new Thread(() -> requests[1] = leafComm.ibcast(received, count, DataType.INT, 0));
                leafThread.start();
                requests[0] = rootComm.ibcast(sent, count, DataType.INT, 0);
                leafThread.join();
                while (!(requests[0].future().isDone() && requests[1].future().isDone())) {
                    Thread.sleep(1);
                }
                assertFalse(requests[1].future().isCompletedExceptionally());
                assertEquals(sent.rewind(), received.rewind());
                assertTrue(leaf.statistics().threadProgress() > 0, "the leaf's progress thread did nothing: " + leaf.statistics());
                // closing is collective (a barrier): both at once
                Thread closer = new Thread(leafComm::close);
                closer.start();
                rootComm.close();
                closer.join();
            }
        });
    }

    private static long timed(Runnable action) {
        long start = System.nanoTime();
        action.run();
        return System.nanoTime() - start;
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
