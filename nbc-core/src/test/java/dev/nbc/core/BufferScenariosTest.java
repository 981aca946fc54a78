package dev.nbc.core;

import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.testing.Reference;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The buffer scenarios end to end on in-process ranks: buffers that are read-only,
 * or that show the same memory through another object, give the right results with every
 * algorithm.
 */
class BufferScenariosTest {

    private static ByteBuffer contribution(long seed, int rank, int count, DataType type) {
        return Reference.randomElements(new Random(seed * 1_000_003L + rank), count, type);
    }

    @ParameterizedTest
    @EnumSource(BcastAlgorithm.class)
    void aReadOnlyRootBufferBroadcastsAtEveryPAndRoot(BcastAlgorithm algorithm) {
        // Scatter + allgather used to receive into the root's own buffer in its ring steps: the root
        // failed after posting its first sends and the ranks after it waited forever (P >= 3).
        try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF)) {
            for (int size = 1; size <= 9; size++) {
                try (InProcessWorld world = new InProcessWorld(size)) {
                    world.run((rank, transport) -> {
                        Communicator comm = Communicator.create(engine, transport);
                        for (int root = 0; root < comm.size(); root++) {
                            int count = 1000 + root;
                            ByteBuffer expected = contribution(root, root, count, DataType.DOUBLE);
                            ByteBuffer buffer = rank == root
                                    ? expected.asReadOnlyBuffer().order(ByteOrder.nativeOrder())
                                    : Buffers.allocate(count, DataType.DOUBLE);
                            comm.bcastInit(buffer, count, DataType.DOUBLE, root, algorithm).start().await();
                            assertNull(Reference.difference(expected, buffer, DataType.DOUBLE),
                                    algorithm + " P=" + comm.size() + " root " + root + " on rank " + rank);
                        }
                    });
                }
            }
        }
    }

    @Test
    void aDuplicateOfTheReceiveBufferAsSendBufferIsInPlaceWithEveryAlgorithm() {
        try (ProgressEngine engine = ProgressEngine.start(); InProcessWorld world = new InProcessWorld(5)) {
            world.run((rank, transport) -> {
                Communicator comm = Communicator.create(engine, transport);
                int count = 1000;
                long seed = 17;
                for (AllreduceAlgorithm algorithm : AllreduceAlgorithm.values()) {
                    ByteBuffer[] all = new ByteBuffer[comm.size()];
                    for (int r = 0; r < all.length; r++) {
                        all[r] = contribution(seed, r, count, DataType.LONG);
                    }
                    ByteBuffer expected = Reference.allreduce(all, count, DataType.LONG, ReduceOp.SUM);
                    ByteBuffer data = Reference.copy(all[rank]);
                    comm.allreduceInit(data.duplicate().order(ByteOrder.nativeOrder()), data, count, DataType.LONG,
                            ReduceOp.SUM, algorithm).start().await();
                    assertNull(Reference.difference(expected, data, DataType.LONG), algorithm + " on rank " + rank);
                }
            });
        }
    }
}
