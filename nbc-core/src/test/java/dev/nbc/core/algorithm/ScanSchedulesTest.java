package dev.nbc.core.algorithm;

import dev.nbc.core.Buffers;
import dev.nbc.core.algorithm.scan.ExscanAlgorithm;
import dev.nbc.core.algorithm.scan.ScanAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.testing.Reference;
import dev.nbc.core.testing.ScheduleInterpreter;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Every inclusive and exclusive prefix-reduction algorithm, run by the {@link ScheduleInterpreter}
 * for every P from 1 to 16, against the sequential prefix in rank order (a non-commutative
 * operation included).
 */
class ScanSchedulesTest {
    private static final int MAX_P = 16;

    @Test
    void everyScanAlgorithmGivesEachRankThePrefixUpToItself() {
        for (ScanAlgorithm algorithm : ScanAlgorithm.values()) {
            checkAll(algorithm.name(), false, (rank, size, count, type, op, inPlace) ->
                    algorithm.build(rank, size, count, type, op, inPlace));
        }
    }

    @Test
    void everyExscanAlgorithmGivesEachRankThePrefixBeforeItselfAndLeavesRank0Alone() {
        for (ExscanAlgorithm algorithm : ExscanAlgorithm.values()) {
            checkAll(algorithm.name(), true, (rank, size, count, type, op, inPlace) ->
                    algorithm.build(rank, size, count, type, op, inPlace));
        }
    }

    private interface Build {
        Schedule build(int rank, int size, int count, DataType type, ReduceOp op, boolean inPlace);
    }

    private static void checkAll(String name, boolean exclusive, Build build) {
        Random random = new Random(51);
        for (int size = 1; size <= MAX_P; size++) {
            for (DataType type : DataType.values()) {
                for (ReduceOp op : ReduceOp.BUILT_IN) {
                    if (op.supports(type)) {
                        check(name, exclusive, build, size, new int[]{0, 1, 7, 100}[random.nextInt(4)], type, op,
                                random.nextBoolean(), random);
                    }
                }
            }
            check(name, exclusive, build, size, 33, DataType.LONG, Reference.MATRIX_PRODUCT, random.nextBoolean(), random);
        }
    }

    private static void check(String name, boolean exclusive, Build build, int size, int count, DataType type, ReduceOp op,
                              boolean inPlace, Random random) {
        ByteBuffer[] contributions = new ByteBuffer[size];
        Schedule[] schedules = new Schedule[size];
        ByteBuffer[] inputs = new ByteBuffer[size];
        ByteBuffer[] outputs = new ByteBuffer[size];
        for (int rank = 0; rank < size; rank++) {
            contributions[rank] = Reference.randomElements(random, count, type);
            schedules[rank] = build.build(rank, size, count, type, op, inPlace);
            outputs[rank] = inPlace ? Reference.copy(contributions[rank]) : Buffers.allocate(count, type);
            inputs[rank] = inPlace ? null : Reference.copy(contributions[rank]);
        }
        ByteBuffer rank0Before = Reference.copy(outputs[0]);
        ScheduleInterpreter.run(schedules, inputs, outputs);
        for (int rank = 0; rank < size; rank++) {
            String where = name + (exclusive ? " exscan" : " scan") + " P=" + size + " count=" + count + " " + type + " " + op
                    + (inPlace ? " in place" : "") + " rank " + rank;
            ByteBuffer expected;
            if (exclusive && rank == 0) {
                expected = rank0Before;
            } else {
                expected = Reference.allreduce(Arrays.copyOf(contributions, exclusive ? rank : rank + 1), count, type, op);
            }
            assertNull(Reference.difference(expected, outputs[rank], type), where);
            if (!inPlace) {
                assertNull(Reference.difference(contributions[rank], inputs[rank], type), where + ": input was modified");
            }
        }
    }
}
