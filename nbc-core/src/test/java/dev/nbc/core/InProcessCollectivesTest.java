package dev.nbc.core;

import dev.nbc.core.algorithm.AlgorithmSelector;
import dev.nbc.core.algorithm.allgather.AllgatherAlgorithm;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallAlgorithm;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.request.Request;
import dev.nbc.core.request.Requests;
import dev.nbc.core.testing.Reference;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The whole library end to end on the in-process transport: every rank is a thread, the
 * collectives run through the progress engine, and results are compared with the sequential
 * reference. Every rank derives every rank's data from the same seed, so each checks its result
 * locally.
 */
class InProcessCollectivesTest {
    private static final int[] COUNTS = {0, 1, 7, 1000};

    /** Rank {@code rank}'s contribution to case {@code seed}: the same on every rank that asks. */
    private static ByteBuffer contribution(long seed, int rank, int count, DataType type) {
        return Reference.randomElements(new Random(seed * 1_000_003L + rank), count, type);
    }

    private static ByteBuffer expectedAllreduce(long seed, int size, int count, DataType type, ReduceOp op) {
        ByteBuffer[] all = new ByteBuffer[size];
        for (int rank = 0; rank < size; rank++) {
            all[rank] = contribution(seed, rank, count, type);
        }
        return Reference.allreduce(all, count, type, op);
    }

    private static void checkAllreduce(Communicator comm, long seed, int count, DataType type, ReduceOp op,
                                       AllreduceAlgorithm algorithm, boolean inPlace) {
        ByteBuffer mine = contribution(seed, comm.rank(), count, type);
        ByteBuffer result = inPlace ? mine : Buffers.allocate(count, type);
        Request request = comm.allreduceInit(inPlace ? null : mine, result, count, type, op, algorithm).start();
        request.await();
        String where = request.description() + " (" + request.algorithm() + ")" + (inPlace ? " in place" : "");
        assertNull(Reference.difference(expectedAllreduce(seed, comm.size(), count, type, op), result, type), where);
        if (!inPlace) {
            assertNull(Reference.difference(contribution(seed, comm.rank(), count, type), mine, type), where + ": input modified");
        }
    }

    private static void checkReduce(Communicator comm, long seed, int count, DataType type, ReduceOp op, int root,
                                    boolean rootInPlace) {
        boolean atRoot = comm.rank() == root;
        boolean inPlace = rootInPlace && atRoot;
        ByteBuffer mine = contribution(seed, comm.rank(), count, type);
        ByteBuffer result = inPlace ? mine : atRoot ? Buffers.allocate(count, type) : null;
        Request request = comm.ireduce(inPlace ? null : mine, result, count, type, op, root);
        request.await();
        String where = request.description() + " (" + request.algorithm() + ")" + (inPlace ? " in place" : "");
        if (atRoot) {
            assertNull(Reference.difference(expectedAllreduce(seed, comm.size(), count, type, op), result, type), where);
        }
        if (!inPlace) {
            assertNull(Reference.difference(contribution(seed, comm.rank(), count, type), mine, type), where + ": input modified");
        }
    }

    private static void checkAllgather(Communicator comm, long seed, int count, DataType type, AllgatherAlgorithm algorithm,
                                       boolean inPlace) {
        int blockBytes = type.bytesFor(count);
        ByteBuffer expected = Buffers.allocate(comm.size() * count, type);
        for (int rank = 0; rank < comm.size(); rank++) {
            expected.put(rank * blockBytes, contribution(seed, rank, count, type), 0, blockBytes);
        }
        ByteBuffer mine = contribution(seed, comm.rank(), count, type);
        ByteBuffer result = Buffers.allocate(comm.size() * count, type);
        if (inPlace) {
            result.put(comm.rank() * blockBytes, mine, 0, blockBytes);
        }
        Request request = comm.allgatherInit(inPlace ? null : mine, result, count, type, algorithm).start();
        request.await();
        assertNull(Reference.difference(expected, result, type), request.description() + " (" + request.algorithm() + ")"
                + (inPlace ? " in place" : ""));
    }

    /** Every rank's block of case {@code seed}, in rank order. */
    private static ByteBuffer allBlocks(long seed, int size, int count, DataType type) {
        int blockBytes = type.bytesFor(count);
        ByteBuffer all = Buffers.allocate(size * count, type);
        for (int rank = 0; rank < size; rank++) {
            all.put(rank * blockBytes, contribution(seed, rank, count, type), 0, blockBytes);
        }
        return all;
    }

    private static void checkGather(Communicator comm, long seed, int count, DataType type, int root, GatherAlgorithm algorithm,
                                    boolean rootInPlace) {
        boolean atRoot = comm.rank() == root;
        boolean inPlace = rootInPlace && atRoot;
        int blockBytes = type.bytesFor(count);
        ByteBuffer mine = contribution(seed, comm.rank(), count, type);
        ByteBuffer result = atRoot ? Buffers.allocate(comm.size() * count, type) : null;
        if (inPlace) {
            result.put(comm.rank() * blockBytes, mine, 0, blockBytes);
        }
        Request request = comm.gatherInit(inPlace ? null : mine, result, count, type, root, algorithm).start();
        request.await();
        if (atRoot) {
            assertNull(Reference.difference(allBlocks(seed, comm.size(), count, type), result, type),
                    request.description() + " (" + request.algorithm() + ")" + (inPlace ? " in place" : ""));
        }
    }

    private static void checkScatter(Communicator comm, long seed, int count, DataType type, int root, ScatterAlgorithm algorithm,
                                     boolean rootInPlace) {
        boolean atRoot = comm.rank() == root;
        boolean inPlace = rootInPlace && atRoot;
        ByteBuffer all = atRoot ? allBlocks(seed, comm.size(), count, type) : null;
        ByteBuffer result = inPlace ? null : Buffers.allocate(count, type);
        Request request = comm.scatterInit(all, result, count, type, root, algorithm).start();
        request.await();
        if (!inPlace) {
            assertNull(Reference.difference(contribution(seed, comm.rank(), count, type), result, type),
                    request.description() + " (" + request.algorithm() + ")");
        }
    }

    private static void checkAlltoall(Communicator comm, long seed, int count, DataType type, AlltoallAlgorithm algorithm,
                                      boolean inPlace) {
        int blockBytes = type.bytesFor(count);
        ByteBuffer mine = contribution(seed, comm.rank(), comm.size() * count, type);
        ByteBuffer result = inPlace ? Reference.copy(mine) : Buffers.allocate(comm.size() * count, type);
        Request request = comm.alltoallInit(inPlace ? null : mine, result, count, type, algorithm).start();
        request.await();
        ByteBuffer expected = Buffers.allocate(comm.size() * count, type);
        for (int from = 0; from < comm.size(); from++) {
            expected.put(from * blockBytes, contribution(seed, from, comm.size() * count, type), comm.rank() * blockBytes, blockBytes);
        }
        assertNull(Reference.difference(expected, result, type), request.description() + " (" + request.algorithm() + ")"
                + (inPlace ? " in place" : ""));
    }

    /** {@code exclusive}: iexscan, whose rank 0 has no result to check; else iscan. */
    private static void checkScan(Communicator comm, long seed, int count, DataType type, ReduceOp op, boolean exclusive,
                                  boolean inPlace) {
        ByteBuffer mine = contribution(seed, comm.rank(), count, type);
        ByteBuffer result = inPlace ? Reference.copy(mine) : Buffers.allocate(count, type);
        Request request = exclusive ? comm.iexscan(inPlace ? null : mine, result, count, type, op)
                : comm.iscan(inPlace ? null : mine, result, count, type, op);
        request.await();
        int upTo = exclusive ? comm.rank() : comm.rank() + 1;
        if (upTo > 0) {
            assertNull(Reference.difference(expectedAllreduce(seed, upTo, count, type, op), result, type),
                    request.description() + " (" + request.algorithm() + ")" + (inPlace ? " in place" : ""));
        }
    }

    private static void checkReduceScatterBlock(Communicator comm, long seed, int count, DataType type, ReduceOp op,
                                                boolean inPlace) {
        int block = type.bytesFor(count);
        ByteBuffer mine = contribution(seed, comm.rank(), comm.size() * count, type);
        ByteBuffer result = inPlace ? Reference.copy(mine) : Buffers.allocate(count, type);
        Request request = comm.ireduceScatterBlock(inPlace ? null : mine, result, count, type, op);
        request.await();
        ByteBuffer[] all = new ByteBuffer[comm.size()];
        for (int rank = 0; rank < all.length; rank++) {
            all[rank] = contribution(seed, rank, comm.size() * count, type);
        }
        ByteBuffer reduced = Reference.allreduce(all, comm.size() * count, type, op);
        assertNull(Reference.difference(reduced.slice(comm.rank() * block, block), result.slice(0, block), type),
                request.description() + " (" + request.algorithm() + ")" + (inPlace ? " in place" : ""));
    }

    private static void checkBcast(Communicator comm, long seed, int count, DataType type, int root, BcastAlgorithm algorithm) {
        ByteBuffer expected = contribution(seed, root, count, type);
        ByteBuffer buffer = comm.rank() == root ? Reference.copy(expected) : Buffers.allocate(count, type);
        Request request = comm.bcastInit(buffer, count, type, root, algorithm).start();
        request.await();
        assertNull(Reference.difference(expected, buffer, type), request.description() + " (" + request.algorithm() + ")");
    }

    @ParameterizedTest
    @EnumSource(ProgressMode.class)
    void randomizedCollectivesForEveryPFrom1To9(ProgressMode mode) {
        randomizedCollectives(mode, 1, 9);
    }

    /** The same with the progress thread up to P = 16 (scripts/test --full). */
    @Test
    @Tag("full")
    void randomizedCollectivesForEveryPFrom10To16() {
        randomizedCollectives(ProgressMode.THREAD, 10, 16);
    }

    private void randomizedCollectives(ProgressMode mode, int fromP, int toP) {
        try (ProgressEngine engine = ProgressEngine.start(mode, IdleStrategy.BACKOFF)) {
            for (int size = fromP; size <= toP; size++) {
                try (InProcessWorld world = new InProcessWorld(size)) {
                    world.run((rank, transport) -> {
                        Communicator comm = Communicator.create(engine, transport);
                        Random cases = new Random(comm.size()); // same sequence on every rank
                        comm.barrier();
                        for (int root = 0; root < comm.size(); root++) {
                            for (int count : COUNTS) {
                                BcastAlgorithm algorithm = BcastAlgorithm.values()[cases.nextInt(BcastAlgorithm.values().length)];
                                checkBcast(comm, cases.nextLong(), count, DataType.values()[cases.nextInt(6)], root, algorithm);
                            }
                        }
                        for (AllreduceAlgorithm algorithm : AllreduceAlgorithm.values()) {
                            for (DataType type : DataType.values()) {
                                for (ReduceOp op : ReduceOp.BUILT_IN) {
                                    if (op.supports(type)) {
                                        checkAllreduce(comm, cases.nextLong(), COUNTS[cases.nextInt(COUNTS.length)], type, op,
                                                algorithm, cases.nextBoolean());
                                    }
                                }
                            }
                            if (!algorithm.reordersOperands()) {
                                checkAllreduce(comm, cases.nextLong(), 100, DataType.LONG, Reference.MATRIX_PRODUCT, algorithm, false);
                            }
                        }
                        for (int root = 0; root < comm.size(); root++) {
                            for (GatherAlgorithm algorithm : GatherAlgorithm.values()) {
                                checkGather(comm, cases.nextLong(), COUNTS[cases.nextInt(COUNTS.length)],
                                        DataType.values()[cases.nextInt(6)], root, algorithm, cases.nextBoolean());
                            }
                            for (ScatterAlgorithm algorithm : ScatterAlgorithm.values()) {
                                checkScatter(comm, cases.nextLong(), COUNTS[cases.nextInt(COUNTS.length)],
                                        DataType.values()[cases.nextInt(6)], root, algorithm, cases.nextBoolean());
                            }
                        }
                        checkReduceScatterBlock(comm, cases.nextLong(), COUNTS[cases.nextInt(COUNTS.length)] / 4, DataType.INT,
                                ReduceOp.SUM, cases.nextBoolean());
                        checkReduceScatterBlock(comm, cases.nextLong(), 5, DataType.LONG, Reference.MATRIX_PRODUCT,
                                cases.nextBoolean());
                        for (boolean exclusive : new boolean[]{false, true}) {
                            checkScan(comm, cases.nextLong(), COUNTS[cases.nextInt(COUNTS.length)], DataType.INT, ReduceOp.SUM,
                                    exclusive, cases.nextBoolean());
                            checkScan(comm, cases.nextLong(), 20, DataType.LONG, Reference.MATRIX_PRODUCT, exclusive,
                                    cases.nextBoolean());
                        }
                        for (AlltoallAlgorithm algorithm : AlltoallAlgorithm.values()) {
                            for (int count : new int[]{0, 1, 7, 100}) {
                                checkAlltoall(comm, cases.nextLong(), count, DataType.values()[cases.nextInt(6)], algorithm,
                                        cases.nextBoolean());
                            }
                        }
                        for (AllgatherAlgorithm algorithm : AllgatherAlgorithm.values()) {
                            for (int count : COUNTS) {
                                checkAllgather(comm, cases.nextLong(), count, DataType.values()[cases.nextInt(6)], algorithm,
                                        cases.nextBoolean());
                            }
                        }
                        for (int root = 0; root < comm.size(); root++) {
                            DataType type = DataType.values()[cases.nextInt(6)];
                            ReduceOp op = cases.nextBoolean() ? ReduceOp.MAX : ReduceOp.SUM;
                            checkReduce(comm, cases.nextLong(), COUNTS[cases.nextInt(COUNTS.length)], type, op, root,
                                    cases.nextBoolean());
                            checkReduce(comm, cases.nextLong(), 100, DataType.LONG, Reference.MATRIX_PRODUCT, root,
                                    cases.nextBoolean());
                        }
                        comm.barrier();
                    });
                }
            }
        }
    }

    @Test
    void aMebibyteOfEveryTypeWithEveryAlgorithm() {
        int count = 1 << 20;
        try (ProgressEngine engine = ProgressEngine.start(); InProcessWorld world = new InProcessWorld(3)) {
            world.run((rank, transport) -> {
                Communicator comm = Communicator.create(engine, transport);
                long seed = 99;
                for (BcastAlgorithm algorithm : BcastAlgorithm.values()) {
                    checkBcast(comm, seed++, count, DataType.BYTE, 2, algorithm);
                }
                for (AllreduceAlgorithm algorithm : AllreduceAlgorithm.values()) {
                    checkAllreduce(comm, seed++, count, DataType.DOUBLE, ReduceOp.SUM, algorithm, false);
                }
                for (DataType type : DataType.values()) {
                    checkAllreduce(comm, seed++, count, type, ReduceOp.MAX, null, true);
                }
                checkAllreduce(comm, seed, count, DataType.LONG, Reference.MATRIX_PRODUCT, null, false);
            });
        }
    }

    /** Starts {@code n} allreduces (distinct data), then awaits and checks them all. */
    private static List<Runnable> startMany(Communicator comm, long seedBase, int n) {
        List<Runnable> checks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long seed = seedBase + i;
            int count = 1 + i % 17;
            ByteBuffer result = Buffers.allocate(count, DataType.INT);
            Request request = comm.iallreduce(contribution(seed, comm.rank(), count, DataType.INT), result, count,
                    DataType.INT, ReduceOp.SUM);
            checks.add(() -> {
                request.await();
                assertNull(Reference.difference(expectedAllreduce(seed, comm.size(), count, DataType.INT, ReduceOp.SUM),
                        result, DataType.INT), request.description() + " #" + seed);
            });
        }
        return checks;
    }

    @Test
    void aThousandCollectivesOutstandingOnOneCommunicator() {
        try (ProgressEngine engine = ProgressEngine.start(); InProcessWorld world = new InProcessWorld(4)) {
            world.run((rank, transport) -> {
                Communicator comm = Communicator.create(engine, transport);
                startMany(comm, 0, 1000).forEach(Runnable::run);
            });
        }
    }

    @Test
    void aThousandCollectivesOutstandingOnTwoCommunicatorsInterleaved() {
        try (ProgressEngine engine = ProgressEngine.start();
             InProcessWorld first = new InProcessWorld(4);
             InProcessWorld second = new InProcessWorld(4)) {
            first.run((rank, transport) -> {
                Communicator a = Communicator.create(engine, transport);
                Communicator b = Communicator.create(engine, second.transport(rank));
                List<Runnable> checks = new ArrayList<>();
                for (int batch = 0; batch < 50; batch++) {
                    // Ranks interleave the two communicators differently; only the order within
                    // each communicator must agree.
                    Communicator firstComm = (batch + rank) % 2 == 0 ? a : b;
                    Communicator secondComm = firstComm == a ? b : a;
                    checks.addAll(startMany(firstComm, 1_000_000L * (firstComm == a ? 1 : 2) + batch * 10L, 10));
                    checks.addAll(startMany(secondComm, 1_000_000L * (secondComm == a ? 1 : 2) + batch * 10L, 10));
                }
                assertEquals(1000, checks.size());
                checks.forEach(Runnable::run);
            });
        }
    }

    @Test
    void tagsWrapAroundASmallTagRange() {
        try (ProgressEngine engine = ProgressEngine.start(); InProcessWorld world = new InProcessWorld(3, EmulatedNetwork.none(), 3)) {
            world.run((rank, transport) -> {
                Communicator comm = Communicator.create(engine, transport);
                for (int i = 0; i < 20; i++) {
                    checkAllreduce(comm, i, 5, DataType.INT, ReduceOp.SUM, null, false);
                }
            });
        }
    }

    @Test
    void persistentBroadcastRunsManyTimesWithoutRebuilding() {
        try (ProgressEngine engine = ProgressEngine.start(); InProcessWorld world = new InProcessWorld(5)) {
            world.run((rank, transport) -> {
                Communicator comm = Communicator.create(engine, transport);
                ByteBuffer buffer = Buffers.allocate(64, DataType.LONG);
                PersistentCollective bcast = comm.bcastInit(buffer, 64, DataType.LONG, 4, null);
                for (long round = 0; round < 50; round++) {
                    if (rank == 4) {
                        for (int i = 0; i < 64; i++) {
                            buffer.putLong(8 * i, round * 1000 + i);
                        }
                    }
                    bcast.start().await();
                    for (int i = 0; i < 64; i++) {
                        assertEquals(round * 1000 + i, buffer.getLong(8 * i), "round " + round + " element " + i);
                    }
                }
            });
        }
    }

    @Test
    void theSelectorsChoiceIsVisibleAndOverridable() {
        try (ProgressEngine engine = ProgressEngine.start(); InProcessWorld world = new InProcessWorld(8)) {
            world.run((rank, transport) -> {
                Communicator comm = Communicator.create(engine, transport);
                ByteBuffer big = Buffers.allocate(1 << 20, DataType.BYTE);
                List<Request> requests = new ArrayList<>();
                requests.add(comm.ibcast(big, 1 << 20, DataType.BYTE, 0));
                assertEquals(BcastAlgorithm.SCATTER_ALLGATHER, requests.get(0).algorithm());
                requests.add(comm.ibcast(big, 8, DataType.BYTE, 0));
                assertEquals(BcastAlgorithm.BINOMIAL, requests.get(1).algorithm());
                ByteBuffer sum = Buffers.allocate(1 << 17, DataType.DOUBLE);
                requests.add(comm.iallreduce(null, sum, 1 << 17, DataType.DOUBLE, ReduceOp.SUM));
                assertEquals(AllreduceAlgorithm.RING, requests.get(2).algorithm());
                requests.add(comm.iallreduce(null, sum, 1 << 17, DataType.LONG, Reference.MATRIX_PRODUCT));
                assertEquals(AllreduceAlgorithm.REDUCE_BCAST, requests.get(3).algorithm(), "rank order kept");
                requests.add(comm.iallreduce(null, sum, 4, DataType.DOUBLE, ReduceOp.SUM));
                assertEquals(AllreduceAlgorithm.RECURSIVE_DOUBLING, requests.get(4).algorithm());
                Requests.awaitAll(requests);
                comm.setSelector(AlgorithmSelector.defaults().withBcast(BcastAlgorithm.PIPELINED_CHAIN));
                Request fixed = comm.ibcast(big, 1 << 20, DataType.BYTE, 0);
                assertEquals(BcastAlgorithm.PIPELINED_CHAIN, fixed.algorithm());
                fixed.await();
            });
        }
    }

    @Test
    void collectivesOverAnEmulatedNetwork() {
        EmulatedNetwork network = EmulatedNetwork.symmetric(20_000, 2_000, 1_000, 0.5);
        try (InProcessWorld world = new InProcessWorld(4, network)) {
            world.run((rank, transport) -> {
                // one engine per rank, as one per process: each spends its own o
                try (ProgressEngine engine = ProgressEngine.start()) {
                    Communicator comm = Communicator.create(engine, transport);
                    long start = System.nanoTime();
                    comm.barrier();
                    long elapsed = System.nanoTime() - start;
                    // two rounds of at least L each: a barrier that ignored the network would be far faster
                    assertEquals(true, elapsed >= 2 * 20_000, "barrier took " + elapsed + " ns");
                    checkAllreduce(comm, 5, 1000, DataType.DOUBLE, ReduceOp.SUM, null, false);
                    checkBcast(comm, 6, 100_000, DataType.BYTE, 1, null);
                }
            });
        }
    }

    @Test
    void transportsOfOneRankStayIndependentOfOtherRanksThreads() {
        // A rank that is slow to call must not stall the others' unrelated progress: rank 0 starts
        // late, yet the others' barrier completes as soon as it arrives.
        try (ProgressEngine engine = ProgressEngine.start(); InProcessWorld world = new InProcessWorld(3)) {
            world.run((rank, transport) -> {
                Communicator comm = Communicator.create(engine, transport);
                if (rank == 0) {
                    Thread.sleep(100);
                }
                comm.barrier();
                checkAllreduce(comm, 7, 10, DataType.SHORT, ReduceOp.PROD, null, false);
            });
        }
    }

}
