package dev.nbc.core.algorithm;

import dev.nbc.core.Buffers;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Operation;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.Slots;
import dev.nbc.core.testing.Reference;
import dev.nbc.core.testing.ScheduleInterpreter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every algorithm's schedules, run by the deterministic {@link ScheduleInterpreter} for every P from
 * 1 to 16, against the sequential reference.
 */
class AlgorithmSchedulesTest {
    private static final int MAX_P = 16;
    private static final int[] COUNTS = {0, 1, 7, 1000};

    @Test
    void disseminationBarrierTakesCeilLog2PRoundsAndCompletes() {
        for (int size = 1; size <= MAX_P; size++) {
            Schedule[] schedules = new Schedule[size];
            for (int rank = 0; rank < size; rank++) {
                schedules[rank] = BarrierAlgorithm.DISSEMINATION.build(rank, size);
                assertEquals(ceilLog2(size), schedules[rank].depth(), "rounds for P=" + size);
            }
            ScheduleInterpreter.run(schedules, new ByteBuffer[size], new ByteBuffer[size]);
        }
    }

    @ParameterizedTest
    @EnumSource(BcastAlgorithm.class)
    void bcastDeliversTheRootsDataToEveryRank(BcastAlgorithm algorithm) {
        Random random = new Random(42);
        for (int size = 1; size <= MAX_P; size++) {
            for (int root = 0; root < size; root++) {
                for (int count : COUNTS) {
                    checkBcast(algorithm, size, root, count, DataType.values()[random.nextInt(6)], 1 + random.nextInt(700), random);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(BcastAlgorithm.class)
    void theRootOfABroadcastOnlyReadsItsBuffer(BcastAlgorithm algorithm) {
        // so that a read-only root buffer (which MPI allows) works with every algorithm
        for (int size = 1; size <= MAX_P; size++) {
            for (int root = 0; root < size; root++) {
                Schedule schedule = algorithm.build(root, size, root, 1000, DataType.INT, 512);
                assertFalse(schedule.writes(Slots.OUTPUT), schedule + " writes the root's buffer");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(AllreduceAlgorithm.class)
    void anAllreduceOnlyReadsItsSendBuffer(AllreduceAlgorithm algorithm) {
        for (int size = 1; size <= MAX_P; size++) {
            for (int rank = 0; rank < size; rank++) {
                Schedule schedule = algorithm.build(rank, size, 100, DataType.INT, ReduceOp.SUM, false);
                assertFalse(schedule.writes(Slots.INPUT), schedule + " writes the send buffer");
            }
        }
    }

    @Test
    void pipelinedChainWithManySegmentsOfAMebibyte() {
        checkBcast(BcastAlgorithm.PIPELINED_CHAIN, 5, 3, 1 << 20, DataType.BYTE, 65536, new Random(1));
        checkBcast(BcastAlgorithm.PIPELINED_CHAIN, 3, 0, (1 << 20) + 3, DataType.BYTE, 100_000, new Random(2));
    }

    @Test
    void binomialBcastReachesEveryRankInCeilLog2PSendSteps() {
        // A parent's k-th send (in posting order) reaches its child k steps after the parent got the
        // data: the step count the paper's equation (3) charges ceil(log2 P) times.
        for (int size = 1; size <= MAX_P; size++) {
            for (int root = 0; root < size; root++) {
                int[] step = new int[size];
                java.util.Arrays.fill(step, -1);
                step[root] = 0;
                java.util.ArrayDeque<Integer> ready = new java.util.ArrayDeque<>(java.util.List.of(root));
                while (!ready.isEmpty()) {
                    int rank = ready.poll();
                    Schedule schedule = BcastAlgorithm.BINOMIAL.build(rank, size, root, 1, DataType.BYTE, 1);
                    int k = 0;
                    for (var round : schedule.rounds()) {
                        for (Operation operation : round.operations()) {
                            if (operation instanceof Operation.Send send) {
                                step[send.peer()] = step[rank] + ++k;
                                ready.add(send.peer());
                            }
                        }
                    }
                }
                int last = java.util.Arrays.stream(step).max().orElseThrow();
                assertTrue(java.util.Arrays.stream(step).allMatch(t -> t >= 0), "every rank reached, P=" + size);
                assertEquals(ceilLog2(size), last, "send steps for P=" + size + " root=" + root);
            }
        }
    }

    private void checkBcast(BcastAlgorithm algorithm, int size, int root, int count, DataType type, int segmentBytes, Random random) {
        ByteBuffer data = Reference.randomElements(random, count, type);
        Schedule[] schedules = new Schedule[size];
        ByteBuffer[] outputs = new ByteBuffer[size];
        for (int rank = 0; rank < size; rank++) {
            schedules[rank] = algorithm.build(rank, size, root, count, type, segmentBytes);
            outputs[rank] = rank == root ? Reference.copy(data) : Buffers.allocate(count, type);
        }
        ScheduleInterpreter.run(schedules, new ByteBuffer[size], outputs);
        for (int rank = 0; rank < size; rank++) {
            assertNull(Reference.difference(data, outputs[rank], type),
                    algorithm + " P=" + size + " root=" + root + " count=" + count + " " + type + " rank " + rank);
        }
    }

    @ParameterizedTest
    @EnumSource(AllreduceAlgorithm.class)
    void allreduceEqualsTheSequentialReductionForEveryTypeAndOperation(AllreduceAlgorithm algorithm) {
        Random random = new Random(7);
        for (int size = 1; size <= MAX_P; size++) {
            for (DataType type : DataType.values()) {
                for (ReduceOp op : ReduceOp.BUILT_IN) {
                    if (op.supports(type)) {
                        checkAllreduce(algorithm, size, COUNTS[random.nextInt(COUNTS.length)], type, op, random.nextBoolean(), random);
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(AllreduceAlgorithm.class)
    void allreduceOfEveryCountIncludingFewerElementsThanRanks(AllreduceAlgorithm algorithm) {
        Random random = new Random(8);
        for (int size = 1; size <= MAX_P; size++) {
            for (int count : new int[]{0, 1, 2, 3, 7, 15, 16, 17, 1000}) {
                checkAllreduce(algorithm, size, count, DataType.INT, ReduceOp.SUM, random.nextBoolean(), random);
            }
        }
    }

    @Test
    void orderPreservingAlgorithmsKeepRankOrderForNonCommutativeOperations() {
        Random random = new Random(9);
        for (AllreduceAlgorithm algorithm : AllreduceAlgorithm.values()) {
            if (algorithm.reordersOperands()) {
                continue;
            }
            for (int size = 1; size <= MAX_P; size++) {
                checkAllreduce(algorithm, size, 33, DataType.LONG, Reference.MATRIX_PRODUCT, false, random);
            }
        }
    }

    @Test
    void theMatrixProductReallyIsNonCommutative() {
        // Guards the test above: if the operation were commutative it could not catch reordering.
        ByteBuffer a = Buffers.allocate(1, DataType.LONG).putLong(0, 0x0001_0002_0003_0004L);
        ByteBuffer b = Buffers.allocate(1, DataType.LONG).putLong(0, 0x0005_0006_0007_0008L);
        ByteBuffer ab = Reference.copy(a), ba = Reference.copy(b);
        Reference.MATRIX_PRODUCT.apply(DataType.LONG, b, 0, ab, 0, 1, false);
        Reference.MATRIX_PRODUCT.apply(DataType.LONG, a, 0, ba, 0, 1, false);
        assertTrue(ab.getLong(0) != ba.getLong(0));
    }

    @Test
    void ringRefusesNonCommutativeOperations() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AllreduceAlgorithm.RING.build(0, 4, 8, DataType.LONG, Reference.MATRIX_PRODUCT, false));
        assertTrue(e.getMessage().startsWith("algorithm:"), e.getMessage());
    }

    @Test
    void ringSendsAbout2TimesPMinus1OverPOfTheMessage() {
        int size = 5, count = 1000;
        Schedule schedule = AllreduceAlgorithm.RING.build(2, size, count, DataType.DOUBLE, ReduceOp.SUM, false);
        long sent = schedule.rounds().stream().flatMap(r -> r.operations().stream())
                .filter(o -> o instanceof Operation.Send).mapToLong(o -> ((Operation.Send) o).length()).sum();
        assertEquals(2.0 * (size - 1) / size * count * 8, sent, 2 * 8 * size);
    }

    @Test
    void ringCombinesStraightFromTheInputCopyingNothingAndSendsItsOwnChunkFromTheInput() {
        int size = 4, count = 1000;
        for (boolean inPlace : new boolean[] {false, true}) {
            Schedule schedule = AllreduceAlgorithm.RING.build(1, size, count, DataType.DOUBLE, ReduceOp.SUM, inPlace);
            List<Operation> operations = schedule.rounds().stream().flatMap(r -> r.operations().stream()).toList();
            assertEquals(0, operations.stream().filter(o -> o instanceof Operation.Copy).count(), "in place: " + inPlace);
            List<Operation.Reduce> reduces = operations.stream()
                    .filter(o -> o instanceof Operation.Reduce).map(o -> (Operation.Reduce) o).toList();
            assertEquals(size - 1, reduces.size(), "each chunk but the own one is combined once");
            for (Operation.Reduce reduce : reduces) {
                assertEquals(inPlace ? Slots.OUTPUT : Slots.INPUT, reduce.operandSlot());
                assertEquals(reduce.targetOffset(), reduce.operandOffset());
                assertEquals(Slots.OUTPUT, reduce.targetSlot());
            }
            Operation firstSend = schedule.rounds().get(0).operations().stream()
                    .filter(o -> o instanceof Operation.Send).findFirst().orElseThrow();
            assertEquals(inPlace ? Slots.OUTPUT : Slots.INPUT, ((Operation.Send) firstSend).slot());
        }
    }

    @Test
    void theRingThresholdScalesWithTheGroupBelowFourRanksAndAUserThresholdIsKept() {
        AlgorithmSelector defaults = AlgorithmSelector.defaults();
        int kib256 = 256 * 1024, kib512 = 512 * 1024;
        assertEquals(AllreduceAlgorithm.RING, defaults.allreduce(kib256 / 8, kib256, 2, ReduceOp.SUM));
        assertEquals(AllreduceAlgorithm.RECURSIVE_DOUBLING, defaults.allreduce(kib256 / 8, kib256 - 8, 2, ReduceOp.SUM));
        assertEquals(AllreduceAlgorithm.RECURSIVE_DOUBLING, defaults.allreduce(kib256 / 8, kib256, 4, ReduceOp.SUM));
        assertEquals(AllreduceAlgorithm.RING, defaults.allreduce(kib512 / 8, kib512, 4, ReduceOp.SUM));
        assertEquals(AllreduceAlgorithm.RING, defaults.allreduce(kib512 / 8, kib512, 64, ReduceOp.SUM));
        assertEquals(AllreduceAlgorithm.RECURSIVE_DOUBLING,
                defaults.withAllreduceRingBytes(1 << 20).allreduce(kib512 / 8, kib512, 2, ReduceOp.SUM));
    }

    private void checkAllreduce(AllreduceAlgorithm algorithm, int size, int count, DataType type, ReduceOp op,
                                boolean inPlace, Random random) {
        ByteBuffer[] contributions = new ByteBuffer[size];
        Schedule[] schedules = new Schedule[size];
        ByteBuffer[] inputs = new ByteBuffer[size];
        ByteBuffer[] outputs = new ByteBuffer[size];
        for (int rank = 0; rank < size; rank++) {
            contributions[rank] = Reference.randomElements(random, count, type);
            schedules[rank] = algorithm.build(rank, size, count, type, op, inPlace);
            if (inPlace) {
                outputs[rank] = Reference.copy(contributions[rank]);
            } else {
                inputs[rank] = Reference.copy(contributions[rank]);
                outputs[rank] = Buffers.allocate(count, type);
            }
        }
        ByteBuffer expected = Reference.allreduce(contributions, count, type, op);
        ScheduleInterpreter.run(schedules, inputs, outputs);
        for (int rank = 0; rank < size; rank++) {
            String where = algorithm + " P=" + size + " count=" + count + " " + type + " " + op + (inPlace ? " in place" : "") + " rank " + rank;
            assertNull(Reference.difference(expected, outputs[rank], type), where);
            if (!inPlace) {
                assertNull(Reference.difference(contributions[rank], inputs[rank], type), where + ": input was modified");
            }
        }
    }

    private static int ceilLog2(int p) {
        return p <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(p - 1);
    }
}
