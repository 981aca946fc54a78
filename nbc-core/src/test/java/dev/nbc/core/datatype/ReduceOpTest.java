package dev.nbc.core.datatype;

import dev.nbc.core.Buffers;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.progress.ErrorPolicy;
import dev.nbc.core.testing.RankOutcomes;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user-defined floating-point operation ({@link ReduceOp#ofFloatingPoint}): defined for FLOAT and
 * DOUBLE only, applied element by element in the operand order asked for, FLOAT combined as double
 * and rounded back, and in rank order through a collective when it is not commutative.
 */
class ReduceOpTest {
    /** Not commutative (nor associative: for element-wise use only): left - right. */
    private static final ReduceOp MINUS = ReduceOp.ofFloatingPoint("MINUS", false, (a, b) -> a - b);

    @Test
    void itIsDefinedForFloatAndDoubleOnly() {
        for (DataType type : DataType.values()) {
            assertEquals(type == DataType.FLOAT || type == DataType.DOUBLE, MINUS.supports(type), type.toString());
        }
        MINUS.checkSupports(DataType.DOUBLE);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> MINUS.checkSupports(DataType.INT));
        assertTrue(refused.getMessage().startsWith("op: MINUS is not defined for INT"), refused.getMessage());
    }

    @Test
    void itKeepsItsNameAndCommutativity() {
        assertEquals("MINUS", MINUS.name());
        assertEquals("MINUS", MINUS.toString());
        assertFalse(MINUS.isCommutative());
        assertTrue(ReduceOp.ofFloatingPoint("HYPOT", true, Math::hypot).isCommutative());
    }

    @Test
    void itNeedsANameAndAFunction() {
        assertThrows(IllegalArgumentException.class, () -> ReduceOp.ofFloatingPoint(" ", true, Double::sum));
        assertThrows(IllegalArgumentException.class, () -> ReduceOp.ofFloatingPoint(null, true, Double::sum));
        assertThrows(NullPointerException.class, () -> ReduceOp.ofFloatingPoint("NONE", true, null));
    }

    @Test
    void doublesAreCombinedInTheOperandOrderAskedFor() {
        ByteBuffer source = Buffers.allocate(4, DataType.DOUBLE);
        ByteBuffer target = Buffers.allocate(4, DataType.DOUBLE);
        for (int i = 0; i < 4; i++) {
            source.putDouble(8 * i, 10 * (i + 1));
            target.putDouble(8 * i, i + 1);
        }
        // elements 1 and 2 only, source on the left: target = source - target
        MINUS.apply(DataType.DOUBLE, source, 8, target, 8, 2, true);
        assertArrayEquals(new double[]{1, 18, 27, 4}, doubles(target));
        // the same elements again, source on the right: target = target - source
        MINUS.apply(DataType.DOUBLE, source, 8, target, 8, 2, false);
        assertArrayEquals(new double[]{1, -2, -3, 4}, doubles(target));
        assertArrayEquals(new double[]{10, 20, 30, 40}, doubles(source), "the source is only read");
    }

    /**
     * The three-range form (target = source op operand) that spares the ring allreduce its copy of
     * the input: every type through SUM, and the operand order through a non-commutative operation
     * with the array kernel's chunking crossed (3000 doubles).
     */
    @Test
    void aSeparateOperandIsCombinedIntoTheTargetAndOnlyRead() {
        for (DataType type : DataType.values()) {
            int count = 37;
            ByteBuffer source = Buffers.allocate(count, type);
            ByteBuffer operand = Buffers.allocate(count + 2, type);
            ByteBuffer target = Buffers.allocate(count + 4, type);
            ByteBuffer expected = Buffers.allocate(count, type);
            for (int i = 0; i < count; i++) {
                put(type, source, i, i + 1);
                put(type, operand, i + 2, 3 * i);
                put(type, target, i + 4, 99);
                put(type, expected, i, 4 * i + 1);
            }
            ReduceOp.SUM.apply(type, source, 0, operand, 2 * type.sizeInBytes(), target, 4 * type.sizeInBytes(), count, true);
            for (int i = 0; i < count; i++) {
                assertEquals(get(type, expected, i), get(type, target, i + 4), type + " element " + i);
                assertEquals(3 * i, get(type, operand, i + 2), type + " operand element " + i + " is only read");
            }
        }
        int n = 3000;
        ByteBuffer source = Buffers.allocate(n, DataType.DOUBLE);
        ByteBuffer operand = Buffers.allocate(n, DataType.DOUBLE);
        ByteBuffer target = Buffers.allocate(n, DataType.DOUBLE);
        for (int i = 0; i < n; i++) {
            source.putDouble(8 * i, 10.0 * i);
            operand.putDouble(8 * i, i);
        }
        MINUS.apply(DataType.DOUBLE, source, 0, operand, 0, target, 0, n, true);
        for (int i = 0; i < n; i++) {
            assertEquals(10.0 * i - i, target.getDouble(8 * i), "source - operand at " + i);
        }
        MINUS.apply(DataType.DOUBLE, source, 0, operand, 0, target, 0, n, false);
        for (int i = 0; i < n; i++) {
            assertEquals(i - 10.0 * i, target.getDouble(8 * i), "operand - source at " + i);
        }
    }

    private static void put(DataType type, ByteBuffer buffer, int index, long value) {
        switch (type) {
            case BYTE -> buffer.put(index, (byte) value);
            case SHORT -> buffer.putShort(2 * index, (short) value);
            case INT -> buffer.putInt(4 * index, (int) value);
            case LONG -> buffer.putLong(8 * index, value);
            case FLOAT -> buffer.putFloat(4 * index, value);
            case DOUBLE -> buffer.putDouble(8 * index, value);
        }
    }

    private static double get(DataType type, ByteBuffer buffer, int index) {
        return switch (type) {
            case BYTE -> buffer.get(index);
            case SHORT -> buffer.getShort(2 * index);
            case INT -> buffer.getInt(4 * index);
            case LONG -> buffer.getLong(8 * index);
            case FLOAT -> buffer.getFloat(4 * index);
            case DOUBLE -> buffer.getDouble(8 * index);
        };
    }

    @Test
    void floatsAreCombinedAsDoublesAndRoundedBack() {
        ReduceOp divide = ReduceOp.ofFloatingPoint("DIVIDE", false, (a, b) -> a / b);
        ByteBuffer source = Buffers.allocate(2, DataType.FLOAT);
        ByteBuffer target = Buffers.allocate(2, DataType.FLOAT);
        source.putFloat(0, 1f).putFloat(4, 2f);
        target.putFloat(0, 3f).putFloat(4, 7f);
        divide.apply(DataType.FLOAT, source, 0, target, 0, 2, true);
        assertEquals(1f / 3f, target.getFloat(0));
        assertEquals(2f / 7f, target.getFloat(4));
        assertEquals((float) (1.0 / 3.0), target.getFloat(0), "correctly rounded from the double result");
    }

    @Test
    void aNonCommutativeOperationReducesInRankOrderThroughAnAllreduce() {
        // associative (as a reduction's operation must be) but not commutative: x0 op ... op x(P-1)
        // is rank 0's value under FIRST and rank P-1's under LAST, whatever grouping an algorithm uses
        ReduceOp first = ReduceOp.ofFloatingPoint("FIRST", false, (a, b) -> a);
        ReduceOp last = ReduceOp.ofFloatingPoint("LAST", false, (a, b) -> b);
        int size = 5;
        double[][] firsts = new double[size][];
        float[][] lasts = new float[size][];
        RankOutcomes outcomes = RankOutcomes.run(size, CollectiveCheck.ON, ErrorPolicy.RETURN, comm -> {
            double[] values = {10 + comm.rank(), -(10 + comm.rank())};
            comm.arrays().iallreduce(values, values, first).await();
            firsts[comm.rank()] = values;
            float[] floats = {0.5f + comm.rank()};
            comm.arrays().iallreduce(floats, floats, last).await();
            lasts[comm.rank()] = floats;
        });
        for (int rank = 0; rank < size; rank++) {
            assertNull(outcomes.failure(rank), outcomes.toString());
            assertArrayEquals(new double[]{10, -10}, firsts[rank], "rank " + rank);
            assertArrayEquals(new float[]{0.5f + size - 1}, lasts[rank], "rank " + rank);
        }
    }

    @Test
    void anIntegerBufferIsRefusedByTheCollective() {
        RankOutcomes outcomes = RankOutcomes.run(2, CollectiveCheck.OFF, ErrorPolicy.RETURN,
                comm -> comm.arrays().iallreduce(new int[]{1}, new int[1], MINUS));
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(outcomes.failure(rank).contains("op: MINUS is not defined for INT"), outcomes.toString());
        }
    }

    private static double[] doubles(ByteBuffer buffer) {
        double[] values = new double[buffer.capacity() / 8];
        for (int i = 0; i < values.length; i++) {
            values[i] = buffer.getDouble(8 * i);
        }
        return values;
    }
}
