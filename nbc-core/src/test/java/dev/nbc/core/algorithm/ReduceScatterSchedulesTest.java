package dev.nbc.core.algorithm;

import dev.nbc.core.Buffers;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterBlockAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.Slots;
import dev.nbc.core.testing.Reference;
import dev.nbc.core.testing.ScheduleInterpreter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Every reduce-scatter algorithm, run by the {@link ScheduleInterpreter} for every P from 1 to 16. */
class ReduceScatterSchedulesTest {
    private static final int MAX_P = 16;

    @ParameterizedTest
    @EnumSource(ReduceScatterBlockAlgorithm.class)
    void rankRGetsBlockROfTheReduction(ReduceScatterBlockAlgorithm algorithm) {
        Random random = new Random(61);
        for (int size = 1; size <= MAX_P; size++) {
            for (DataType type : DataType.values()) {
                for (ReduceOp op : ReduceOp.BUILT_IN) {
                    if (op.supports(type)) {
                        check(algorithm, size, new int[]{0, 1, 5, 60}[random.nextInt(4)], type, op, random.nextBoolean(), random);
                    }
                }
            }
        }
    }

    @Test
    void reduceThenScatterKeepsRankOrderAndTheRingRefusesNonCommutativeOperations() {
        Random random = new Random(62);
        for (int size = 1; size <= MAX_P; size++) {
            check(ReduceScatterBlockAlgorithm.REDUCE_SCATTER, size, 9, DataType.LONG, Reference.MATRIX_PRODUCT,
                    random.nextBoolean(), random);
        }
        assertThrows(IllegalArgumentException.class, () ->
                ReduceScatterBlockAlgorithm.RING.build(0, 4, 8, DataType.LONG, Reference.MATRIX_PRODUCT, false));
    }

    @ParameterizedTest
    @EnumSource(ReduceScatterAlgorithm.class)
    void blocksOfDifferentSizesZerosIncludedGoToTheirRanks(ReduceScatterAlgorithm algorithm) {
        Random random = new Random(63);
        for (int size = 1; size <= MAX_P; size++) {
            for (int trial = 0; trial < 3; trial++) {
                int[] counts = new int[size];
                for (int r = 0; r < size; r++) {
                    counts[r] = random.nextInt(4) == 0 ? 0 : random.nextInt(40);
                }
                ReduceOp op = algorithm.reordersOperands() ? ReduceOp.SUM : Reference.MATRIX_PRODUCT;
                checkV(algorithm, size, counts, op, random.nextBoolean(), random);
            }
        }
    }

    private static void checkV(ReduceScatterAlgorithm algorithm, int size, int[] counts, ReduceOp op, boolean inPlace,
                               Random random) {
        DataType type = DataType.LONG;
        BlockLayout blocks = BlockLayout.packed(counts, type);
        int all = blocks.extentBytes() / type.sizeInBytes();
        ByteBuffer[] contributions = new ByteBuffer[size];
        Schedule[] schedules = new Schedule[size];
        ByteBuffer[] inputs = new ByteBuffer[size];
        ByteBuffer[] outputs = new ByteBuffer[size];
        for (int rank = 0; rank < size; rank++) {
            contributions[rank] = Reference.randomElements(random, all, type);
            schedules[rank] = algorithm.build(rank, size, blocks, type, op, inPlace);
            inputs[rank] = inPlace ? null : Reference.copy(contributions[rank]);
            outputs[rank] = inPlace ? Reference.copy(contributions[rank]) : Buffers.allocate(counts[rank], type);
        }
        ByteBuffer reduced = Reference.allreduce(contributions, all, type, op);
        ScheduleInterpreter.run(schedules, inputs, outputs);
        for (int rank = 0; rank < size; rank++) {
            assertNull(Reference.difference(reduced.slice(blocks.offset(rank), blocks.bytes(rank)).order(reduced.order()),
                    outputs[rank].slice(0, blocks.bytes(rank)).order(reduced.order()), type),
                    algorithm + " P=" + size + " counts " + java.util.Arrays.toString(counts) + (inPlace ? " in place" : "")
                            + " rank " + rank);
        }
    }

    @ParameterizedTest
    @EnumSource(ReduceScatterBlockAlgorithm.class)
    void noRankWritesItsSendBuffer(ReduceScatterBlockAlgorithm algorithm) {
        for (int size = 1; size <= MAX_P; size++) {
            for (int rank = 0; rank < size; rank++) {
                assertFalse(algorithm.build(rank, size, 10, DataType.INT, ReduceOp.SUM, false).writes(Slots.INPUT));
            }
        }
    }

    private static void check(ReduceScatterBlockAlgorithm algorithm, int size, int count, DataType type, ReduceOp op,
                              boolean inPlace, Random random) {
        int block = type.bytesFor(count);
        ByteBuffer[] contributions = new ByteBuffer[size];
        Schedule[] schedules = new Schedule[size];
        ByteBuffer[] inputs = new ByteBuffer[size];
        ByteBuffer[] outputs = new ByteBuffer[size];
        for (int rank = 0; rank < size; rank++) {
            contributions[rank] = Reference.randomElements(random, size * count, type);
            schedules[rank] = algorithm.build(rank, size, count, type, op, inPlace);
            inputs[rank] = inPlace ? null : Reference.copy(contributions[rank]);
            outputs[rank] = inPlace ? Reference.copy(contributions[rank]) : Buffers.allocate(count, type);
        }
        ByteBuffer reduced = Reference.allreduce(contributions, size * count, type, op);
        ScheduleInterpreter.run(schedules, inputs, outputs);
        for (int rank = 0; rank < size; rank++) {
            String where = algorithm + " P=" + size + " count=" + count + " " + type + " " + op + (inPlace ? " in place" : "")
                    + " rank " + rank;
            assertNull(Reference.difference(reduced.slice(rank * block, block).order(reduced.order()),
                    outputs[rank].slice(0, block).order(reduced.order()), type), where);
            if (!inPlace) {
                assertNull(Reference.difference(contributions[rank], inputs[rank], type), where + ": input was modified");
            }
        }
    }
}
