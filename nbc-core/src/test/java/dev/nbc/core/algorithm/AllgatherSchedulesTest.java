package dev.nbc.core.algorithm;

import dev.nbc.core.Buffers;
import dev.nbc.core.algorithm.allgather.AllgatherAlgorithm;
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

/** Every allgather algorithm's schedules, run by the {@link ScheduleInterpreter} for every P from 1 to 16. */
class AllgatherSchedulesTest {
    private static final int MAX_P = 16;

    @ParameterizedTest
    @EnumSource(AllgatherAlgorithm.class)
    void everyRankEndsWithEveryRanksBlockInRankOrder(AllgatherAlgorithm algorithm) {
        Random random = new Random(21);
        for (int size = 1; size <= MAX_P; size++) {
            for (int count : new int[]{0, 1, 3, 250}) {
                for (DataType type : DataType.values()) {
                    check(algorithm, size, count, type, random.nextBoolean(), random);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(AllgatherAlgorithm.class)
    void noRankWritesItsSendBuffer(AllgatherAlgorithm algorithm) {
        for (int size = 1; size <= MAX_P; size++) {
            for (int rank = 0; rank < size; rank++) {
                assertFalse(algorithm.build(rank, size, 10, DataType.INT, false).writes(Slots.INPUT));
            }
        }
    }

    @Test
    void bruckTakesCeilLog2PStepsAndTheRingPMinus1() {
        for (int size = 2; size <= MAX_P; size++) {
            int log = 32 - Integer.numberOfLeadingZeros(size - 1);
            assertEquals(log, sends(AllgatherAlgorithm.BRUCK.build(0, size, 4, DataType.INT, false)), "Bruck P=" + size);
            assertEquals(size - 1, sends(AllgatherAlgorithm.RING.build(0, size, 4, DataType.INT, false)), "ring P=" + size);
        }
    }

    @Test
    void theSelectorTakesBruckForSmallResultsAndTheRingForLarge() {
        AlgorithmSelector defaults = AlgorithmSelector.defaults();
        assertEquals(AllgatherAlgorithm.BRUCK, defaults.allgather(AlgorithmSelector.DEFAULT_ALLGATHER_RING_BYTES - 1, 4));
        assertEquals(AllgatherAlgorithm.RING, defaults.allgather(AlgorithmSelector.DEFAULT_ALLGATHER_RING_BYTES, 4));
    }

    private static long sends(Schedule schedule) {
        return schedule.rounds().stream().flatMap(r -> r.operations().stream())
                .filter(o -> o instanceof dev.nbc.core.schedule.Operation.Send).count();
    }

    private static void check(AllgatherAlgorithm algorithm, int size, int count, DataType type, boolean inPlace, Random random) {
        ByteBuffer[] blocks = new ByteBuffer[size];
        Schedule[] schedules = new Schedule[size];
        ByteBuffer[] inputs = new ByteBuffer[size];
        ByteBuffer[] outputs = new ByteBuffer[size];
        ByteBuffer expected = Buffers.allocate(size * count, type);
        int blockBytes = type.bytesFor(count);
        for (int rank = 0; rank < size; rank++) {
            blocks[rank] = Reference.randomElements(random, count, type);
            expected.put(rank * blockBytes, blocks[rank], 0, blockBytes);
        }
        for (int rank = 0; rank < size; rank++) {
            schedules[rank] = algorithm.build(rank, size, count, type, inPlace);
            outputs[rank] = Buffers.allocate(size * count, type);
            if (inPlace) {
                outputs[rank].put(rank * blockBytes, blocks[rank], 0, blockBytes);
            } else {
                inputs[rank] = Reference.copy(blocks[rank]);
            }
        }
        ScheduleInterpreter.run(schedules, inputs, outputs);
        for (int rank = 0; rank < size; rank++) {
            String where = algorithm + " P=" + size + " count=" + count + " " + type + (inPlace ? " in place" : "") + " rank " + rank;
            assertNull(Reference.difference(expected, outputs[rank], type), where);
            if (!inPlace) {
                assertNull(Reference.difference(blocks[rank], inputs[rank], type), where + ": input was modified");
            }
        }
    }
}
