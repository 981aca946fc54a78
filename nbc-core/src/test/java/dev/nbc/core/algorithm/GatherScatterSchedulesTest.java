package dev.nbc.core.algorithm;

import dev.nbc.core.Buffers;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.Slots;
import dev.nbc.core.testing.Reference;
import dev.nbc.core.testing.ScheduleInterpreter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Every gather and scatter algorithm's schedules, run by the {@link ScheduleInterpreter} for every P from 1 to 16 and every root. */
class GatherScatterSchedulesTest {
    private static final int MAX_P = 16;
    private static final int[] COUNTS = {0, 1, 3, 100};

    @ParameterizedTest
    @EnumSource(GatherAlgorithm.class)
    void theRootEndsWithEveryRanksBlockInRankOrder(GatherAlgorithm algorithm) {
        Random random = new Random(31);
        for (int size = 1; size <= MAX_P; size++) {
            for (int root = 0; root < size; root++) {
                for (int count : COUNTS) {
                    checkGather(algorithm, size, root, count, DataType.values()[random.nextInt(6)], random.nextBoolean(), random);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ScatterAlgorithm.class)
    void everyRankEndsWithItsBlockOfTheRootsBuffer(ScatterAlgorithm algorithm) {
        Random random = new Random(32);
        for (int size = 1; size <= MAX_P; size++) {
            for (int root = 0; root < size; root++) {
                for (int count : COUNTS) {
                    checkScatter(algorithm, size, root, count, DataType.values()[random.nextInt(6)], random.nextBoolean(), random);
                }
            }
        }
    }

    @Test
    void noGatherWritesASendBufferAndNoScatterWritesTheRootsBuffer() {
        for (int size = 1; size <= MAX_P; size++) {
            for (int root = 0; root < size; root++) {
                for (int rank = 0; rank < size; rank++) {
                    for (GatherAlgorithm gather : GatherAlgorithm.values()) {
                        assertFalse(gather.build(rank, size, root, 10, DataType.INT, false).writes(Slots.INPUT));
                    }
                    for (ScatterAlgorithm scatter : ScatterAlgorithm.values()) {
                        assertFalse(scatter.build(rank, size, root, 10, DataType.INT, rank == root).writes(Slots.INPUT),
                                "a read-only root buffer must work, as MPI allows");
                    }
                }
            }
        }
    }

    @Test
    void theBinomialTreesTakeCeilLog2PStepsOnTheirDeepestPath() {
        for (int size = 2; size <= MAX_P; size++) {
            int log = 32 - Integer.numberOfLeadingZeros(size - 1);
            for (int root = 0; root < size; root++) {
                int receives = 0;
                for (var round : GatherAlgorithm.BINOMIAL.build(root, size, root, 4, DataType.INT, false).rounds()) {
                    receives += (int) round.operations().stream().filter(o -> o instanceof dev.nbc.core.schedule.Operation.Receive).count();
                }
                assertEquals(log, receives, "the gather's root hears from its ceil(log2 P) children, P=" + size);
            }
        }
    }

    private static ByteBuffer blocksOf(ByteBuffer[] blocks, int count, DataType type) {
        int blockBytes = type.bytesFor(count);
        ByteBuffer all = Buffers.allocate(blocks.length * count, type);
        for (int rank = 0; rank < blocks.length; rank++) {
            all.put(rank * blockBytes, blocks[rank], 0, blockBytes);
        }
        return all;
    }

    private static void checkGather(GatherAlgorithm algorithm, int size, int root, int count, DataType type, boolean rootInPlace,
                                    Random random) {
        ByteBuffer[] blocks = new ByteBuffer[size];
        Schedule[] schedules = new Schedule[size];
        ByteBuffer[] inputs = new ByteBuffer[size];
        ByteBuffer[] outputs = new ByteBuffer[size];
        for (int rank = 0; rank < size; rank++) {
            blocks[rank] = Reference.randomElements(random, count, type);
        }
        int blockBytes = type.bytesFor(count);
        for (int rank = 0; rank < size; rank++) {
            boolean inPlace = rootInPlace && rank == root;
            schedules[rank] = algorithm.build(rank, size, root, count, type, inPlace);
            if (rank == root) {
                outputs[rank] = Buffers.allocate(size * count, type);
                if (inPlace) {
                    outputs[rank].put(rank * blockBytes, blocks[rank], 0, blockBytes);
                }
            }
            if (!inPlace) {
                inputs[rank] = Reference.copy(blocks[rank]);
            }
        }
        ScheduleInterpreter.run(schedules, inputs, outputs);
        String where = algorithm + " gather P=" + size + " root=" + root + " count=" + count + " " + type + (rootInPlace ? " in place" : "");
        assertNull(Reference.difference(blocksOf(blocks, count, type), outputs[root], type), where);
        for (int rank = 0; rank < size; rank++) {
            if (inputs[rank] != null) {
                assertNull(Reference.difference(blocks[rank], inputs[rank], type), where + ": rank " + rank + "'s input was modified");
            }
        }
    }

    private static void checkScatter(ScatterAlgorithm algorithm, int size, int root, int count, DataType type, boolean rootInPlace,
                                     Random random) {
        ByteBuffer[] blocks = new ByteBuffer[size];
        for (int rank = 0; rank < size; rank++) {
            blocks[rank] = Reference.randomElements(random, count, type);
        }
        ByteBuffer all = blocksOf(blocks, count, type);
        Schedule[] schedules = new Schedule[size];
        ByteBuffer[] inputs = new ByteBuffer[size];
        ByteBuffer[] outputs = new ByteBuffer[size];
        for (int rank = 0; rank < size; rank++) {
            boolean inPlace = rootInPlace && rank == root;
            schedules[rank] = algorithm.build(rank, size, root, count, type, inPlace);
            inputs[rank] = rank == root ? Reference.copy(all) : null;
            outputs[rank] = inPlace ? null : Buffers.allocate(count, type);
        }
        ScheduleInterpreter.run(schedules, inputs, outputs);
        String where = algorithm + " scatter P=" + size + " root=" + root + " count=" + count + " " + type + (rootInPlace ? " in place" : "");
        for (int rank = 0; rank < size; rank++) {
            if (outputs[rank] != null) {
                assertNull(Reference.difference(blocks[rank], outputs[rank], type), where + " rank " + rank);
            }
        }
        assertNull(Reference.difference(all, inputs[root], type), where + ": the root's buffer was modified");
    }
}
