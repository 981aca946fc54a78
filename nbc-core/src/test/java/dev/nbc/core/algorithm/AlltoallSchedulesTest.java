package dev.nbc.core.algorithm;

import dev.nbc.core.Buffers;
import dev.nbc.core.algorithm.alltoall.AlltoallAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.Slots;
import dev.nbc.core.testing.Reference;
import dev.nbc.core.testing.ScheduleInterpreter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Every all-to-all algorithm's schedules, run by the {@link ScheduleInterpreter} for every P from 1 to 16. */
class AlltoallSchedulesTest {
    private static final int MAX_P = 16;

    @ParameterizedTest
    @EnumSource(AlltoallAlgorithm.class)
    void blockJOfRankIEndsAsBlockIOfRankJ(AlltoallAlgorithm algorithm) {
        Random random = new Random(41);
        for (int size = 1; size <= MAX_P; size++) {
            for (int count : new int[]{0, 1, 3, 100}) {
                check(algorithm, size, count, DataType.values()[random.nextInt(6)], random.nextBoolean(), random);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(AlltoallAlgorithm.class)
    void noRankWritesItsSendBuffer(AlltoallAlgorithm algorithm) {
        for (int size = 1; size <= MAX_P; size++) {
            for (int rank = 0; rank < size; rank++) {
                assertFalse(algorithm.build(rank, size, 10, DataType.INT, false).writes(Slots.INPUT));
            }
        }
    }

    private static void check(AlltoallAlgorithm algorithm, int size, int count, DataType type, boolean inPlace, Random random) {
        int blockBytes = type.bytesFor(count);
        ByteBuffer[] sends = new ByteBuffer[size];
        for (int rank = 0; rank < size; rank++) {
            sends[rank] = Reference.randomElements(random, size * count, type);
        }
        Schedule[] schedules = new Schedule[size];
        ByteBuffer[] inputs = new ByteBuffer[size];
        ByteBuffer[] outputs = new ByteBuffer[size];
        for (int rank = 0; rank < size; rank++) {
            schedules[rank] = algorithm.build(rank, size, count, type, inPlace);
            outputs[rank] = inPlace ? Reference.copy(sends[rank]) : Buffers.allocate(size * count, type);
            inputs[rank] = inPlace ? null : Reference.copy(sends[rank]);
        }
        ScheduleInterpreter.run(schedules, inputs, outputs);
        for (int rank = 0; rank < size; rank++) {
            ByteBuffer expected = Buffers.allocate(size * count, type);
            for (int from = 0; from < size; from++) {
                expected.put(from * blockBytes, sends[from], rank * blockBytes, blockBytes);
            }
            String where = algorithm + " P=" + size + " count=" + count + " " + type + (inPlace ? " in place" : "") + " rank " + rank;
            assertNull(Reference.difference(expected, outputs[rank], type), where);
            if (!inPlace) {
                assertNull(Reference.difference(sends[rank], inputs[rank], type), where + ": input was modified");
            }
        }
    }
}
