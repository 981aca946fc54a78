package dev.nbc.core.algorithm;

import dev.nbc.core.Buffers;
import dev.nbc.core.algorithm.allgather.AllgathervAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallvAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallwAlgorithm;
import dev.nbc.core.algorithm.gather.GathervAlgorithm;
import dev.nbc.core.algorithm.scatter.ScattervAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.testing.Reference;
import dev.nbc.core.testing.ScheduleInterpreter;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The v-collectives (blocks of different sizes, zero counts, gaps and any order of blocks), run by
 * the {@link ScheduleInterpreter} for every P from 1 to 16 and every root, in place and not.
 */
class VCollectivesSchedulesTest {
    private static final int MAX_P = 16;
    private static final DataType TYPE = DataType.INT;

    private static ByteBuffer[] randomBlocks(Random random, int[] counts) {
        ByteBuffer[] blocks = new ByteBuffer[counts.length];
        for (int r = 0; r < counts.length; r++) {
            blocks[r] = Reference.randomElements(random, counts[r], TYPE);
        }
        return blocks;
    }

    private static ByteBuffer laidOut(ByteBuffer[] blocks, int[] counts, int[] displacements, int extentElements) {
        ByteBuffer buffer = Buffers.allocate(extentElements, TYPE);
        for (int r = 0; r < blocks.length; r++) {
            if (counts[r] > 0) {
                buffer.put(TYPE.bytesFor(displacements[r]), blocks[r], 0, TYPE.bytesFor(counts[r]));
            }
        }
        return buffer;
    }

    private static int extent(int[] counts, int[] displacements) {
        int end = 0;
        for (int r = 0; r < counts.length; r++) {
            end = Math.max(end, counts[r] > 0 ? displacements[r] + counts[r] : 0);
        }
        return end;
    }

    @Test
    void gathervPutsEveryBlockAtItsPlaceAtTheRoot() {
        Random random = new Random(71);
        for (int size = 1; size <= MAX_P; size++) {
            for (int root = 0; root < size; root++) {
                int[][] layout = Reference.randomLayout(random, size, 9);
                ByteBuffer[] blocks = randomBlocks(random, layout[0]);
                boolean inPlace = random.nextBoolean();
                BlockLayout blockLayout = new BlockLayout(layout[0], layout[1], TYPE);
                Schedule[] schedules = new Schedule[size];
                ByteBuffer[] inputs = new ByteBuffer[size];
                ByteBuffer[] outputs = new ByteBuffer[size];
                int extent = extent(layout[0], layout[1]);
                for (int rank = 0; rank < size; rank++) {
                    boolean rootInPlace = inPlace && rank == root;
                    schedules[rank] = GathervAlgorithm.LINEAR.build(rank, size, root, blockLayout, TYPE, rootInPlace);
                    inputs[rank] = rootInPlace ? null : Reference.copy(blocks[rank]);
                    if (rank == root) {
                        outputs[rank] = Buffers.allocate(extent, TYPE);
                        if (rootInPlace && layout[0][rank] > 0) {
                            outputs[rank].put(TYPE.bytesFor(layout[1][rank]), blocks[rank], 0, TYPE.bytesFor(layout[0][rank]));
                        }
                    }
                }
                ScheduleInterpreter.run(schedules, inputs, outputs);
                assertNull(Reference.difference(laidOut(blocks, layout[0], layout[1], extent), outputs[root], TYPE),
                        "gatherv P=" + size + " root=" + root + " " + blockLayout);
            }
        }
    }

    @Test
    void scattervGivesEveryRankItsBlockOfTheRootsBuffer() {
        Random random = new Random(72);
        for (int size = 1; size <= MAX_P; size++) {
            for (int root = 0; root < size; root++) {
                int[][] layout = Reference.randomLayout(random, size, 9);
                ByteBuffer[] blocks = randomBlocks(random, layout[0]);
                boolean inPlace = random.nextBoolean();
                BlockLayout blockLayout = new BlockLayout(layout[0], layout[1], TYPE);
                ByteBuffer all = laidOut(blocks, layout[0], layout[1], extent(layout[0], layout[1]));
                Schedule[] schedules = new Schedule[size];
                ByteBuffer[] inputs = new ByteBuffer[size];
                ByteBuffer[] outputs = new ByteBuffer[size];
                for (int rank = 0; rank < size; rank++) {
                    boolean rootInPlace = inPlace && rank == root;
                    schedules[rank] = ScattervAlgorithm.LINEAR.build(rank, size, root, blockLayout, TYPE, rootInPlace);
                    inputs[rank] = rank == root ? Reference.copy(all) : null;
                    outputs[rank] = rootInPlace ? null : Buffers.allocate(layout[0][rank], TYPE);
                }
                ScheduleInterpreter.run(schedules, inputs, outputs);
                for (int rank = 0; rank < size; rank++) {
                    if (outputs[rank] != null) {
                        assertNull(Reference.difference(blocks[rank], outputs[rank], TYPE),
                                "scatterv P=" + size + " root=" + root + " rank " + rank + " " + blockLayout);
                    }
                }
            }
        }
    }

    @Test
    void allgathervPutsEveryBlockAtItsPlaceEverywhere() {
        Random random = new Random(73);
        for (int size = 1; size <= MAX_P; size++) {
            for (int trial = 0; trial < 4; trial++) {
                int[][] layout = Reference.randomLayout(random, size, 9);
                ByteBuffer[] blocks = randomBlocks(random, layout[0]);
                boolean inPlace = random.nextBoolean();
                BlockLayout blockLayout = new BlockLayout(layout[0], layout[1], TYPE);
                int extent = extent(layout[0], layout[1]);
                Schedule[] schedules = new Schedule[size];
                ByteBuffer[] inputs = new ByteBuffer[size];
                ByteBuffer[] outputs = new ByteBuffer[size];
                for (int rank = 0; rank < size; rank++) {
                    schedules[rank] = AllgathervAlgorithm.RING.build(rank, size, blockLayout, TYPE, inPlace);
                    inputs[rank] = inPlace ? null : Reference.copy(blocks[rank]);
                    outputs[rank] = Buffers.allocate(extent, TYPE);
                    if (inPlace && layout[0][rank] > 0) {
                        outputs[rank].put(TYPE.bytesFor(layout[1][rank]), blocks[rank], 0, TYPE.bytesFor(layout[0][rank]));
                    }
                }
                ScheduleInterpreter.run(schedules, inputs, outputs);
                ByteBuffer expected = laidOut(blocks, layout[0], layout[1], extent);
                for (int rank = 0; rank < size; rank++) {
                    assertNull(Reference.difference(expected, outputs[rank], TYPE),
                            "allgatherv P=" + size + " rank " + rank + " " + blockLayout);
                }
            }
        }
    }

    @Test
    void alltoallvDeliversBlockJOfRankIToRankJAtItsPlace() {
        Random random = new Random(74);
        for (AlltoallvAlgorithm algorithm : AlltoallvAlgorithm.values()) {
            for (int size = 1; size <= MAX_P; size++) {
                for (boolean inPlace : new boolean[]{false, true}) {
                    checkAlltoallv(algorithm, size, inPlace, random);
                }
            }
        }
    }

    private static void checkAlltoallv(AlltoallvAlgorithm algorithm, int size, boolean inPlace, Random random) {
        // counts[i][j]: what rank i sends to rank j; in place, send and receive layouts are the same,
        // so the counts must be symmetric
        int[][] counts = new int[size][size];
        for (int i = 0; i < size; i++) {
            for (int j = inPlace ? i : 0; j < size; j++) {
                counts[i][j] = random.nextInt(4) == 0 ? 0 : random.nextInt(7);
                if (inPlace) {
                    counts[j][i] = counts[i][j];
                }
            }
        }
        int[][] sendDispls = new int[size][];
        int[][] receiveCounts = new int[size][size];
        int[][] receiveDispls = new int[size][];
        ByteBuffer[][] data = new ByteBuffer[size][size];
        for (int i = 0; i < size; i++) {
            for (int j = 0; j < size; j++) {
                receiveCounts[i][j] = counts[j][i];
                data[i][j] = Reference.randomElements(random, counts[i][j], TYPE);
            }
            sendDispls[i] = shuffledDisplacements(random, counts[i]);
            receiveDispls[i] = shuffledDisplacements(random, receiveCounts[i]);
        }
        Schedule[] schedules = new Schedule[size];
        ByteBuffer[] inputs = new ByteBuffer[size];
        ByteBuffer[] outputs = new ByteBuffer[size];
        for (int i = 0; i < size; i++) {
            BlockLayout receives = new BlockLayout(receiveCounts[i], receiveDispls[i], TYPE);
            BlockLayout sends = inPlace ? receives : new BlockLayout(counts[i], sendDispls[i], TYPE);
            schedules[i] = algorithm.build(i, size, sends, receives, TYPE, inPlace);
            outputs[i] = Buffers.allocate(extent(receiveCounts[i], receiveDispls[i]), TYPE);
            if (inPlace) {
                outputs[i] = laidOut(data[i], receiveCounts[i], receiveDispls[i], extent(receiveCounts[i], receiveDispls[i]));
            } else {
                inputs[i] = laidOut(data[i], counts[i], sendDispls[i], extent(counts[i], sendDispls[i]));
            }
        }
        ScheduleInterpreter.run(schedules, inputs, outputs);
        for (int j = 0; j < size; j++) {
            ByteBuffer[] arrived = new ByteBuffer[size];
            for (int i = 0; i < size; i++) {
                arrived[i] = data[i][j];
            }
            assertNull(Reference.difference(laidOut(arrived, receiveCounts[j], receiveDispls[j],
                            extent(receiveCounts[j], receiveDispls[j])), outputs[j], TYPE),
                    algorithm + " alltoallv P=" + size + (inPlace ? " in place" : "") + " rank " + j);
        }
    }

    @Test
    void alltoallwDeliversEveryBlockOfItsOwnTypeAtItsByteDisplacement() {
        Random random = new Random(75);
        for (AlltoallwAlgorithm algorithm : AlltoallwAlgorithm.values()) {
            for (int size = 1; size <= MAX_P; size++) {
                for (boolean inPlace : new boolean[]{false, true}) {
                    checkAlltoallw(algorithm, size, inPlace, random);
                }
            }
        }
    }

    /**
     * Rank i sends rank j counts[i][j] elements of types[i][j], which j receives as the same count of
     * the same type (MPI's matching signatures); blocks lie at byte displacements in a random order,
     * with gaps of odd bytes, so that a block of LONGs may start at any byte.
     */
    private static void checkAlltoallw(AlltoallwAlgorithm algorithm, int size, boolean inPlace, Random random) {
        DataType[] kinds = {DataType.BYTE, DataType.SHORT, DataType.INT, DataType.LONG, DataType.DOUBLE};
        int[][] counts = new int[size][size];
        DataType[][] types = new DataType[size][size];
        for (int i = 0; i < size; i++) {
            for (int j = inPlace ? i : 0; j < size; j++) {
                counts[i][j] = random.nextInt(4) == 0 ? 0 : random.nextInt(7);
                types[i][j] = kinds[random.nextInt(kinds.length)];
                if (inPlace) {
                    counts[j][i] = counts[i][j];
                    types[j][i] = types[i][j];
                }
            }
        }
        int[][] sendBytes = new int[size][size];
        int[][] receiveBytes = new int[size][size];
        byte[][][] data = new byte[size][size][];
        for (int i = 0; i < size; i++) {
            for (int j = 0; j < size; j++) {
                sendBytes[i][j] = types[i][j].bytesFor(counts[i][j]);
                receiveBytes[j][i] = sendBytes[i][j];
                data[i][j] = new byte[sendBytes[i][j]];
                random.nextBytes(data[i][j]);
            }
        }
        Schedule[] schedules = new Schedule[size];
        ByteBuffer[] inputs = new ByteBuffer[size];
        ByteBuffer[] outputs = new ByteBuffer[size];
        int[][] receiveDispls = new int[size][];
        for (int i = 0; i < size; i++) {
            int[] sendDispls = shuffledDisplacements(random, sendBytes[i]);
            receiveDispls[i] = shuffledDisplacements(random, receiveBytes[i]);
            BlockLayout receives = new BlockLayout(receiveBytes[i], receiveDispls[i], DataType.BYTE);
            BlockLayout sends = inPlace ? receives : new BlockLayout(sendBytes[i], sendDispls, DataType.BYTE);
            schedules[i] = algorithm.build(i, size, sends, receives, inPlace);
            outputs[i] = bytesLaidOut(inPlace ? data[i] : new byte[size][0], receives);
            inputs[i] = inPlace ? null : bytesLaidOut(data[i], sends);
        }
        ScheduleInterpreter.run(schedules, inputs, outputs);
        for (int j = 0; j < size; j++) {
            byte[][] arrived = new byte[size][];
            for (int i = 0; i < size; i++) {
                arrived[i] = data[i][j];
            }
            BlockLayout receives = new BlockLayout(receiveBytes[j], receiveDispls[j], DataType.BYTE);
            assertNull(Reference.difference(bytesLaidOut(arrived, receives), outputs[j], DataType.BYTE),
                    algorithm + " alltoallw P=" + size + (inPlace ? " in place" : "") + " rank " + j);
        }
    }

    /** A buffer of {@code layout}'s extent with block r at its place (zeros where a block is empty or missing). */
    private static ByteBuffer bytesLaidOut(byte[][] blocks, BlockLayout layout) {
        ByteBuffer buffer = Buffers.allocate(layout.extentBytes(), DataType.BYTE);
        for (int r = 0; r < blocks.length; r++) {
            if (blocks[r].length > 0) {
                buffer.put(layout.offset(r), blocks[r]);
            }
        }
        return buffer;
    }

    private static int[] shuffledDisplacements(Random random, int[] counts) {
        int[][] layout = Reference.randomLayout(random, counts.length, 0);
        // reuse only the order: lay the given counts out in a random order with gaps
        Integer[] order = new Integer[counts.length];
        for (int r = 0; r < counts.length; r++) {
            order[r] = r;
        }
        java.util.Arrays.sort(order, java.util.Comparator.comparingInt(r -> layout[1][r]));
        int[] displacements = new int[counts.length];
        int next = 0;
        for (int r : order) {
            next += random.nextInt(2);
            displacements[r] = next;
            next += counts[r];
        }
        return displacements;
    }
}
