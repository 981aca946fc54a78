package dev.nbc.core.transport.tcp;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.request.Request;
import dev.nbc.core.request.Requests;
import dev.nbc.core.testing.Reference;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The library's collectives over TCP, through Communicator and ProgressEngine, at P = 1..4: every
 * result equals, byte for byte, the same script's on the in-process transport, and the allreduces
 * equal the sequential reference too.
 */
class TcpCollectivesTest {

    /** Rank {@code rank}'s data for case {@code seed}: the same on every rank and transport. */
    private static ByteBuffer contribution(long seed, int rank, int count, DataType type) {
        return Reference.randomElements(new Random(seed * 1_000_003L + rank), count, type);
    }

    /** Bytes of the alltoallv block from {@code from} to {@code to}: zeros included, deterministic. */
    private static int vCount(int from, int to) {
        return (from * 7 + to * 3) % 5 * 300;
    }

    /** One rank's script; returns its results in order. */
    private static List<ByteBuffer> script(Communicator comm) {
        int p = comm.size();
        int me = comm.rank();
        List<ByteBuffer> results = new ArrayList<>();
        comm.barrier();
        long seed = 1;
        for (int root = 0; root < p; root++) {
            for (int count : new int[]{0, 1, 1000, 300_000}) {
                for (BcastAlgorithm algorithm : BcastAlgorithm.values()) {
                    ByteBuffer buffer = me == root ? contribution(seed, root, count, DataType.INT) : Buffers.allocate(count, DataType.INT);
                    comm.bcastInit(buffer, count, DataType.INT, root, algorithm).start().await();
                    results.add(buffer);
                    seed++;
                }
            }
        }
        for (AllreduceAlgorithm algorithm : AllreduceAlgorithm.values()) {
            for (int count : new int[]{1, 1000, 200_000}) {
                ByteBuffer result = Buffers.allocate(count, DataType.DOUBLE);
                Request request = comm.allreduceInit(contribution(seed, me, count, DataType.DOUBLE), result, count, DataType.DOUBLE,
                        ReduceOp.SUM, algorithm).start();
                request.await();
                ByteBuffer[] all = new ByteBuffer[p];
                for (int r = 0; r < p; r++) {
                    all[r] = contribution(seed, r, count, DataType.DOUBLE);
                }
                assertNull(Reference.difference(Reference.allreduce(all, count, DataType.DOUBLE, ReduceOp.SUM), result,
                        DataType.DOUBLE), request.description() + " (" + request.algorithm() + ")");
                results.add(result);
                seed++;
            }
        }
        for (AlltoallAlgorithm algorithm : AlltoallAlgorithm.values()) {
            for (int count : new int[]{0, 1, 100, 40_000}) {
                ByteBuffer result = Buffers.allocate(p * count, DataType.INT);
                comm.alltoallInit(contribution(seed, me, p * count, DataType.INT), result, count, DataType.INT, algorithm).start().await();
                results.add(result);
                seed++;
            }
        }
        int[] sendCounts = new int[p];
        int[] sendDisplacements = new int[p];
        int[] receiveCounts = new int[p];
        int[] receiveDisplacements = new int[p];
        int sent = 0;
        int received = 0;
        for (int r = 0; r < p; r++) {
            sendCounts[r] = vCount(me, r);
            sendDisplacements[r] = sent + 1; // a gap before each block
            sent += sendCounts[r] + 1;
            receiveCounts[r] = vCount(r, me);
            receiveDisplacements[r] = received + 2;
            received += receiveCounts[r] + 2;
        }
        ByteBuffer result = Buffers.allocate(received, DataType.BYTE);
        comm.ialltoallv(contribution(seed++, me, sent, DataType.BYTE), sendCounts, sendDisplacements, result, receiveCounts,
                receiveDisplacements, DataType.BYTE).await();
        results.add(result);
        // many at once: requests in flight together over the same connections
        List<Request> requests = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            ByteBuffer sum = Buffers.allocate(1 + i, DataType.LONG);
            requests.add(comm.iallreduce(contribution(seed + i, me, 1 + i, DataType.LONG), sum, 1 + i, DataType.LONG, ReduceOp.SUM));
            results.add(sum);
        }
        Requests.awaitAll(requests);
        comm.barrier();
        return results;
    }

    private static List<List<ByteBuffer>> onInProcess(int size, ProgressMode mode) {
        List<List<ByteBuffer>> results = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            results.add(null);
        }
        try (ProgressEngine engine = ProgressEngine.start(mode, IdleStrategy.BACKOFF); InProcessWorld world = new InProcessWorld(size)) {
            world.run((rank, transport) -> results.set(rank, script(Communicator.create(engine, transport))));
        }
        return results;
    }

    private static List<List<ByteBuffer>> onTcp(int size, ProgressMode mode) throws Throwable {
        List<List<ByteBuffer>> results = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            results.add(null);
        }
        List<TcpTransport> group = TcpTransport.localGroup(size);
        try (ProgressEngine engine = ProgressEngine.start(mode, IdleStrategy.BACKOFF)) {
            TcpRanks.run(group, (rank, transport) -> results.set(rank, script(Communicator.create(engine, (Transport) transport))));
        } finally {
            group.forEach(TcpTransport::close);
        }
        return results;
    }

    @ParameterizedTest
    @EnumSource(ProgressMode.class)
    void collectivesOverTcpEqualTheInProcessTransportsAtPFrom1To4(ProgressMode mode) {
        assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
            for (int size = 1; size <= 4; size++) {
                List<List<ByteBuffer>> expected = onInProcess(size, mode);
                List<List<ByteBuffer>> actual = onTcp(size, mode);
                for (int rank = 0; rank < size; rank++) {
                    assertEquals(expected.get(rank).size(), actual.get(rank).size());
                    for (int i = 0; i < expected.get(rank).size(); i++) {
                        assertEquals(expected.get(rank).get(i), actual.get(rank).get(i),
                                "P = " + size + ", rank " + rank + ", result " + i + ", " + mode);
                    }
                }
            }
        });
    }
}
