package dev.nbc.core.algorithm;

import dev.nbc.core.Buffers;
import dev.nbc.core.algorithm.reduce.ReduceAlgorithm;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Every reduce algorithm's schedules, run by the {@link ScheduleInterpreter} for every P from 1 to
 * 16 and every root, against the sequential reduction in rank order.
 */
class ReduceSchedulesTest {
    private static final int MAX_P = 16;
    private static final int[] COUNTS = {0, 1, 7, 1000};

    @ParameterizedTest
    @EnumSource(ReduceAlgorithm.class)
    void reduceEqualsTheSequentialReductionForEveryTypeOperationAndRoot(ReduceAlgorithm algorithm) {
        Random random = new Random(11);
        for (int size = 1; size <= MAX_P; size++) {
            for (int root = 0; root < size; root++) {
                for (DataType type : DataType.values()) {
                    for (ReduceOp op : ReduceOp.BUILT_IN) {
                        if (op.supports(type)) {
                            check(algorithm, size, root, COUNTS[random.nextInt(COUNTS.length)], type, op, random.nextBoolean(), random);
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ReduceAlgorithm.class)
    void aNonCommutativeOperationIsCombinedInRankOrderAtEveryRoot(ReduceAlgorithm algorithm) {
        Random random = new Random(12);
        for (int size = 1; size <= MAX_P; size++) {
            for (int root = 0; root < size; root++) {
                check(algorithm, size, root, 33, DataType.LONG, Reference.MATRIX_PRODUCT, random.nextBoolean(), random);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ReduceAlgorithm.class)
    void onlyTheRootHasAnOutputAndNoRankWritesItsInput(ReduceAlgorithm algorithm) {
        for (int size = 1; size <= MAX_P; size++) {
            for (int root = 0; root < size; root++) {
                for (int rank = 0; rank < size; rank++) {
                    for (ReduceOp op : new ReduceOp[]{ReduceOp.SUM, Reference.MATRIX_PRODUCT}) {
                        Schedule schedule = algorithm.build(rank, size, root, 100, DataType.LONG, op, false);
                        assertEquals(rank == root ? 800 : 0, schedule.outputBytes(), schedule.toString());
                        assertFalse(schedule.writes(Slots.INPUT), schedule + " writes its send buffer");
                    }
                }
            }
        }
    }

    @Test
    void aCommutativeReduceTakesCeilLog2PMessageStepsToItsRoot() {
        for (int size = 2; size <= MAX_P; size++) {
            int steps = 32 - Integer.numberOfLeadingZeros(size - 1);
            for (int root = 0; root < size; root++) {
                Schedule atRoot = ReduceAlgorithm.BINOMIAL.build(root, size, root, 10, DataType.INT, ReduceOp.SUM, false);
                long receives = atRoot.rounds().stream().flatMap(r -> r.operations().stream())
                        .filter(o -> o instanceof dev.nbc.core.schedule.Operation.Receive).count();
                assertEquals(steps, receives, "P=" + size + " root=" + root + ": the root receives from each of its children");
            }
        }
    }

    private static void check(ReduceAlgorithm algorithm, int size, int root, int count, DataType type, ReduceOp op,
                              boolean rootInPlace, Random random) {
        ByteBuffer[] contributions = new ByteBuffer[size];
        Schedule[] schedules = new Schedule[size];
        ByteBuffer[] inputs = new ByteBuffer[size];
        ByteBuffer[] outputs = new ByteBuffer[size];
        for (int rank = 0; rank < size; rank++) {
            contributions[rank] = Reference.randomElements(random, count, type);
            boolean inPlace = rootInPlace && rank == root;
            schedules[rank] = algorithm.build(rank, size, root, count, type, op, inPlace);
            if (inPlace) {
                outputs[rank] = Reference.copy(contributions[rank]);
            } else {
                inputs[rank] = Reference.copy(contributions[rank]);
                outputs[rank] = rank == root ? Buffers.allocate(count, type) : null;
            }
        }
        ByteBuffer expected = Reference.allreduce(contributions, count, type, op);
        ScheduleInterpreter.run(schedules, inputs, outputs);
        String where = algorithm + " P=" + size + " root=" + root + " count=" + count + " " + type + " " + op
                + (rootInPlace ? " in place" : "");
        assertNull(Reference.difference(expected, outputs[root], type), where);
        for (int rank = 0; rank < size; rank++) {
            if (inputs[rank] != null) {
                assertNull(Reference.difference(contributions[rank], inputs[rank], type), where + ": rank " + rank + "'s input was modified");
            }
        }
    }
}
