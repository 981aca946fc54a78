package dev.nbc.core;

import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ErrorPolicy;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.request.Request;
import dev.nbc.core.testing.RankOutcomes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The mismatched calls, on in-process ranks with the consistency check on and the
 * RETURN error policy (so that each rank's failure can be read): every one fails on every rank,
 * naming both calls, and none hangs (the world's timeout would fail the test) or receives data.
 */
class ConsistencyCheckTest {
    private static final double UNTOUCHED = -7.0;

    private static RankOutcomes checked(int size, RankOutcomes.Body body) {
        return RankOutcomes.run(size, CollectiveCheck.ON, ErrorPolicy.RETURN, body);
    }

    private static ByteBuffer doubles(int count, double value) {
        ByteBuffer buffer = Buffers.allocate(count, DataType.DOUBLE);
        for (int i = 0; i < count; i++) {
            buffer.putDouble(8 * i, value);
        }
        return buffer;
    }

    private static void assertUntouched(ByteBuffer buffer) {
        for (int i = 0; i < buffer.capacity() / 8; i++) {
            assertEquals(UNTOUCHED, buffer.getDouble(8 * i), "element " + i + " was written");
        }
    }

    private static void assertMessage(RankOutcomes outcomes, int rank, String... parts) {
        String failure = outcomes.failure(rank);
        assertTrue(failure != null, "rank " + rank + " must fail:" + outcomes);
        for (String part : parts) {
            assertTrue(failure.contains(part), "rank " + rank + " names '" + part + "':" + outcomes);
        }
    }

    @ParameterizedTest(name = "root count {0}, others 20")
    @ValueSource(ints = {10, 40})
    void differentCountsAtTheRootAndElsewhereFailEveryRankBeforeAnyDataMoves(int rootCount) {
        RankOutcomes outcomes = checked(3, comm -> {
            int count = comm.rank() == 0 ? rootCount : 20;
            ByteBuffer buffer = doubles(count, comm.rank() == 0 ? 1.0 : UNTOUCHED);
            try {
                comm.ibcast(buffer, count, DataType.DOUBLE, 0).await();
            } finally {
                if (comm.rank() != 0) {
                    assertUntouched(buffer);
                }
            }
        });
        assertTrue(outcomes.allFailed(), outcomes.toString());
        assertMessage(outcomes, 0, "rank 0 called ibcast(root=0, count=" + rootCount + ", DOUBLE) #0 but rank 1 called "
                + "ibcast(root=0, count=20, DOUBLE) #0");
        assertMessage(outcomes, 1, "rank 1 called ibcast(root=0, count=20, DOUBLE) #0 but rank 0 called ibcast(root=0, count="
                + rootCount + ", DOUBLE) #0");
        assertMessage(outcomes, 2, "rank 2 called ibcast(root=0, count=20, DOUBLE) #0 but rank 0 called");
    }

    @Test
    void everyRankBelievingItIsTheRoot() {
        RankOutcomes outcomes = checked(4, comm -> {
            ByteBuffer buffer = doubles(100, UNTOUCHED);
            comm.ibcast(buffer, 100, DataType.DOUBLE, comm.rank()).await();
        });
        assertTrue(outcomes.allFailed(), outcomes.toString());
        assertMessage(outcomes, 2, "rank 2 called ibcast(root=2, count=100, DOUBLE) #0 but rank 0 called ibcast(root=0, count=100, DOUBLE) #0",
                "3 ranks differ from rank 2: [3, 0, 1]");
    }

    @Test
    void barrierAgainstBroadcast() {
        RankOutcomes outcomes = checked(2, comm -> {
            if (comm.rank() == 0) {
                comm.barrier();
            } else {
                comm.bcast(doubles(10, UNTOUCHED), 10, DataType.DOUBLE, 0);
            }
        });
        assertMessage(outcomes, 0, "rank 0 called ibarrier() #0 but rank 1 called ibcast(root=0, count=10, DOUBLE) #0");
        assertMessage(outcomes, 1, "rank 1 called ibcast(root=0, count=10, DOUBLE) #0 but rank 0 called ibarrier() #0");
    }

    @Test
    void broadcastAgainstAllreduce() {
        RankOutcomes outcomes = checked(3, comm -> {
            ByteBuffer buffer = doubles(10, UNTOUCHED);
            try {
                if (comm.rank() == 1) {
                    comm.allreduce(null, buffer, 10, DataType.DOUBLE, ReduceOp.SUM);
                } else {
                    comm.bcast(buffer, 10, DataType.DOUBLE, 0);
                }
            } finally {
                assertUntouched(buffer); // nothing summed in, nothing broadcast
            }
        });
        assertTrue(outcomes.allFailed(), outcomes.toString());
        assertMessage(outcomes, 1, "rank 1 called iallreduce(count=10, DOUBLE, SUM) #0 but rank 0 called ibcast(root=0, count=10, DOUBLE) #0");
        assertMessage(outcomes, 2, "rank 2 called ibcast(root=0, count=10, DOUBLE) #0 but rank 1 called iallreduce(count=10, DOUBLE, SUM) #0");
    }

    @Test
    void aRankSkippingACallIsCaughtAtItsNextDifferentCall() {
        RankOutcomes outcomes = checked(2, comm -> {
            if (comm.rank() == 0) {
                comm.bcast(doubles(4, 1), 4, DataType.DOUBLE, 0);
            }
            comm.allreduce(null, doubles(4, 1), 4, DataType.DOUBLE, ReduceOp.MAX);
        });
        assertMessage(outcomes, 0, "rank 0 called ibcast(root=0, count=4, DOUBLE) #0 but rank 1 called iallreduce(count=4, DOUBLE, MAX) #0");
        assertMessage(outcomes, 1, "rank 1 called iallreduce(count=4, DOUBLE, MAX) #0 but rank 0 called ibcast(root=0, count=4, DOUBLE) #0");
    }

    @Test
    void aRankSkippingOneOfIdenticalCallsIsCaughtWhenItCloses() {
        // Nothing tells the calls apart until the skipping rank closes, and close is checked too:
        // without it, rank 0 would wait in its third broadcast forever.
        RankOutcomes outcomes = checked(2, comm -> {
            int calls = comm.rank() == 0 ? 3 : 2;
            for (int i = 0; i < calls; i++) {
                comm.bcast(doubles(8, 1), 8, DataType.DOUBLE, 0);
            }
            comm.close();
        });
        assertMessage(outcomes, 0, "rank 0 called ibcast(root=0, count=8, DOUBLE) #2 but rank 1 called close() #2");
        assertMessage(outcomes, 1, "rank 1 called close() #2 but rank 0 called ibcast(root=0, count=8, DOUBLE) #2");
    }

    @Test
    void differentAlgorithmsAreNamedWhenTheyAreWhatDiffers() {
        RankOutcomes outcomes = checked(2, comm -> comm.bcastInit(doubles(8, 1), 8, DataType.DOUBLE, 0,
                comm.rank() == 0 ? BcastAlgorithm.BINOMIAL : BcastAlgorithm.PIPELINED_CHAIN).start().await());
        assertMessage(outcomes, 0, "rank 0 called ibcast(root=0, count=8, DOUBLE; BINOMIAL) #0 but rank 1 called "
                + "ibcast(root=0, count=8, DOUBLE; PIPELINED_CHAIN in 65536 B segments) #0");
    }

    @Test
    void aRankWithoutTheCheckIsNamed() {
        String[] failures = new String[2];
        try (dev.nbc.core.transport.inprocess.InProcessWorld world = new dev.nbc.core.transport.inprocess.InProcessWorld(2)) {
            world.run((rank, transport) -> {
                try (dev.nbc.core.progress.ProgressEngine engine = dev.nbc.core.progress.ProgressEngine.start()) {
                    engine.setErrorPolicy(ErrorPolicy.RETURN);
                    Communicator comm = Communicator.create(engine, transport, rank == 0 ? CollectiveCheck.ON : CollectiveCheck.OFF);
                    comm.barrier();
                } catch (NbcException e) {
                    failures[rank] = e.getMessage();
                }
            });
        }
        assertTrue(failures[0] != null && failures[0].contains("rank 1 sent no signature for it")
                && failures[0].contains("NBC_CHECK"), failures[0]);
        assertTrue(failures[1] != null, "the rank without the check fails too (truncated), rather than hang");
    }

    @Test
    void afterAMismatchTheCommunicatorGoesOnWithMatchingCalls() {
        RankOutcomes outcomes = checked(3, comm -> {
            try {
                int count = comm.rank() == 2 ? 6 : 5;
                comm.bcast(doubles(count, 1), count, DataType.DOUBLE, 0);
            } catch (NbcException expected) {
                assertTrue(expected.getMessage().contains("collective mismatch"), expected.getMessage());
            }
            ByteBuffer sum = doubles(5, 1);
            comm.allreduce(null, sum, 5, DataType.DOUBLE, ReduceOp.SUM);
            assertEquals(3.0, sum.getDouble(0));
            comm.close();
        });
        for (int rank = 0; rank < 3; rank++) {
            assertNull(outcomes.failure(rank), outcomes.toString());
        }
    }

    @Test
    void matchingCallsOfEveryKindAndAlgorithmPassTheCheck() {
        RankOutcomes outcomes = checked(5, comm -> {
            for (BcastAlgorithm algorithm : BcastAlgorithm.values()) {
                ByteBuffer buffer = doubles(1000, comm.rank() == 3 ? 2.5 : 0);
                comm.bcastInit(buffer, 1000, DataType.DOUBLE, 3, algorithm).start().await();
                assertEquals(2.5, buffer.getDouble(8 * 999));
            }
            for (AllreduceAlgorithm algorithm : AllreduceAlgorithm.values()) {
                ByteBuffer sum = doubles(1000, 1);
                comm.allreduceInit(null, sum, 1000, DataType.DOUBLE, ReduceOp.SUM, algorithm).start().await();
                assertEquals(5.0, sum.getDouble(8 * 999));
            }
            PersistentCollective persistent = comm.barrierInit();
            for (int i = 0; i < 3; i++) {
                persistent.start().await();
            }
            comm.close();
        });
        for (int rank = 0; rank < 5; rank++) {
            assertNull(outcomes.failure(rank), outcomes.toString());
        }
    }

    @Test
    void threadsSharingOneCommunicatorAreRefusedInsteadOfMixingResults() {
        // Without the check: 8 threads on one communicator, 72,238 of 80,000 results wrong and no error.
        // With the check, calls that overlap in time are refused and the communicator is revoked
        // on every rank, so every thread of every rank ends with an error.
        int threads = 8;
        ConcurrentLinkedQueue<String> refusals = new ConcurrentLinkedQueue<>();
        RankOutcomes outcomes = checked(2, comm -> {
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> workers = new ArrayList<>();
            ConcurrentLinkedQueue<Throwable> ends = new ConcurrentLinkedQueue<>();
            for (int t = 0; t < threads; t++) {
                Thread worker = new Thread(() -> {
                    try {
                        start.await();
                        for (int i = 0; i < 10_000; i++) {
                            ByteBuffer sum = doubles(1, 1);
                            Request request = comm.iallreduce(null, sum, 1, DataType.DOUBLE, ReduceOp.SUM);
                            request.await();
                        }
                        ends.add(new AssertionError("10,000 calls without an error"));
                    } catch (IllegalStateException refused) {
                        refusals.add(refused.getMessage());
                        ends.add(refused);
                    } catch (Throwable failed) {
                        ends.add(failed);
                    }
                }, "worker-" + t);
                worker.start();
                workers.add(worker);
            }
            start.countDown();
            for (Thread worker : workers) {
                worker.join();
            }
            for (Throwable end : ends) {
                assertFalse(end instanceof AssertionError, end.getMessage());
            }
        });
        assertNull(outcomes.failure(0), outcomes.toString());
        assertNull(outcomes.failure(1), outcomes.toString());
        assertFalse(refusals.isEmpty(), "some call was refused");
        assertTrue(refusals.peek().contains("was inside a call on the same communicator"), refusals.peek());
    }
}
