package dev.nbc.core.transport.inprocess;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.request.Request;
import dev.nbc.core.transport.PendingOperation;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLongArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A program's computation on virtual time ({@link InProcessTransport#compute}): tests compare
 * instead of waiting, a receive waits on the real clock for its sender's thread, and the times are
 * the model's to the nanosecond whatever the threads' real-time order.
 */
class VirtualComputationTest {
    /** o_s = 5 us, L = 20 us, o_r = 30 us: a message sent at 0 arrives at 25 us and costs its receiver 30 us. */
    private static final EmulatedNetwork NETWORK = new EmulatedNetwork(20_000, 5_000, 30_000, 0, 0);

    @Test
    void whileComputingATestBeforeTheArrivalFindsNothingAndTakesNoTime() {
        InProcessWorld world = InProcessWorld.onVirtualTime(2, NETWORK);
        InProcessTransport receiver = world.transport(1);
        PendingOperation receive = receiver.receive(ByteBuffer.allocateDirect(8), 0, 8, 0, 0);
        world.transport(0).send(ByteBuffer.allocateDirect(8), 0, 8, 1, 0);
        receiver.compute(() -> {
            receiver.spinUntil(10_000);
            assertFalse(receive.test(), "the message arrives at 25 us");
            assertEquals(10_000, receiver.nanoTime(), "the test did not wait for it");
            receiver.spinUntil(40_000);
            assertTrue(receive.test());
            assertEquals(40_000 + 30_000, receiver.nanoTime(), "found at 40 us, then o_r");
        });
    }

    @Test
    void whileComputingASendCompletesWhenItsLastByteIsInjectedAndNotBefore() {
        InProcessWorld world = InProcessWorld.onVirtualTime(2, new EmulatedNetwork(0, 1_000, 0, 0, 1.0));
        InProcessTransport sender = world.transport(0);
        sender.compute(() -> {
            PendingOperation send = sender.send(ByteBuffer.allocateDirect(100_001), 0, 100_001, 1, 0);  // (m-1)G = 100 us
            assertFalse(send.test());
            assertEquals(1_000, sender.nanoTime(), "o_s only");
            sender.spinUntil(101_000);
            assertTrue(send.test());
            assertEquals(101_000, sender.nanoTime());
        });
    }

    /** The sender's thread sends 50 ms of real time after the receiver tested: the result is the virtual times' alone. */
    @Test
    void whileComputingAReceiveWaitsForItsSendersThreadAndThenComparesVirtualTimes() throws Exception {
        for (long senderClock : new long[] {0, 200_000}) {
            InProcessWorld world = InProcessWorld.onVirtualTime(2, NETWORK);
            InProcessTransport receiver = world.transport(1);
            PendingOperation receive = receiver.receive(ByteBuffer.allocateDirect(8), 0, 8, 0, 0);
            Thread late = new Thread(() -> {
                sleep(50);
                world.transport(0).spinUntil(senderClock);
                world.transport(0).send(ByteBuffer.allocateDirect(8), 0, 8, 1, 0);
            });
            late.start();
            boolean[] found = new boolean[1];
            receiver.compute(() -> {
                receiver.spinUntil(100_000);
                found[0] = receive.test();
            });
            late.join();
            if (senderClock == 0) {
                assertTrue(found[0], "sent at 0, there at 25 us, before the test at 100 us");
                assertEquals(100_000 + 30_000, receiver.nanoTime());
            } else {
                assertFalse(found[0], "sent at 200 us: not there at 100 us");
                assertEquals(100_000, receiver.nanoTime());
            }
        }
    }

    /**
     * An allreduce of one double on two ranks (one exchange) behind 1000 us of computation, tested
     * every 10 us: the computation, o_s and o_r, and nothing else, on both ranks and every time.
     */
    @Test
    void aCollectiveOverlappedWithComputationCostsItsCpuOnly() {
        for (int run = 0; run < 3; run++) {
            AtomicLongArray elapsed = new AtomicLongArray(2);
            InProcessWorld world = InProcessWorld.onVirtualTime(2, NETWORK);
            world.run((rank, transport) -> {
                InProcessTransport t = (InProcessTransport) transport;
                try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF);
                     Communicator comm = Communicator.create(engine, t, CollectiveCheck.OFF)) {
                    ByteBuffer in = Buffers.allocate(1, DataType.DOUBLE);
                    ByteBuffer out = Buffers.allocate(1, DataType.DOUBLE);
                    long start = t.nanoTime();
                    Request request = comm.iallreduce(in, out, 1, DataType.DOUBLE, ReduceOp.SUM);
                    t.compute(() -> {
                        for (int chunk = 0; chunk < 100; chunk++) {
                            t.spinUntil(t.nanoTime() + 10_000);
                            request.test();
                        }
                    });
                    request.await();
                    elapsed.set(rank, t.nanoTime() - start);
                }
            });
            world.close();
            for (int rank = 0; rank < 2; rank++) {
                assertEquals(1_000_000 + 5_000 + 30_000, elapsed.get(rank), "run " + run + ", rank " + rank);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
