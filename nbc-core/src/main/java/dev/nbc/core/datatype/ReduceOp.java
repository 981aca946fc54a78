package dev.nbc.core.datatype;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.DoubleBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * A reduction operation: the built-in ones of MPI and user-defined ones.
 *
 * <p>An operation combines an element {@code left} with an element {@code right}; for a reduction over
 * ranks the result is {@code x0 op x1 op ... op x(P-1)} in rank order, which matters only for
 * non-commutative operations. Integer types are combined as {@code long}s and narrowed back, which is
 * exact for two's-complement wrap-around arithmetic, comparisons and bit operations. FLOAT is combined
 * as {@code double} and rounded back, which gives the correctly rounded float result for +, * and
 * comparisons (a double holds more than twice a float's precision), so results equal C's float
 * arithmetic bit for bit.
 */
public final class ReduceOp {
    private static final Set<DataType> ALL_TYPES = EnumSet.allOf(DataType.class);
    private static final Set<DataType> INTEGER_TYPES = EnumSet.of(DataType.BYTE, DataType.SHORT, DataType.INT, DataType.LONG);

    public static final ReduceOp SUM = builtIn("SUM", ALL_TYPES, Long::sum, Double::sum, (l, r, out, n) -> {
        for (int i = 0; i < n; i++) {
            out[i] = l[i] + r[i];
        }
    });
    public static final ReduceOp PROD = builtIn("PROD", ALL_TYPES, (a, b) -> a * b, (a, b) -> a * b, (l, r, out, n) -> {
        for (int i = 0; i < n; i++) {
            out[i] = l[i] * r[i];
        }
    });
    /** Minimum; for floating point as C's {@code a < b ? a : b}, like Open MPI. */
    public static final ReduceOp MIN = builtIn("MIN", ALL_TYPES, Math::min, (a, b) -> a < b ? a : b, (l, r, out, n) -> {
        for (int i = 0; i < n; i++) {
            out[i] = l[i] < r[i] ? l[i] : r[i];
        }
    });
    public static final ReduceOp MAX = builtIn("MAX", ALL_TYPES, Math::max, (a, b) -> a > b ? a : b, (l, r, out, n) -> {
        for (int i = 0; i < n; i++) {
            out[i] = l[i] > r[i] ? l[i] : r[i];
        }
    });
    public static final ReduceOp BAND = builtIn("BAND", INTEGER_TYPES, (a, b) -> a & b, null, null);
    public static final ReduceOp BOR = builtIn("BOR", INTEGER_TYPES, (a, b) -> a | b, null, null);
    public static final ReduceOp BXOR = builtIn("BXOR", INTEGER_TYPES, (a, b) -> a ^ b, null, null);
    public static final ReduceOp LAND = builtIn("LAND", INTEGER_TYPES, (a, b) -> (a != 0 && b != 0) ? 1 : 0, null, null);
    public static final ReduceOp LOR = builtIn("LOR", INTEGER_TYPES, (a, b) -> (a != 0 || b != 0) ? 1 : 0, null, null);
    public static final ReduceOp LXOR = builtIn("LXOR", INTEGER_TYPES, (a, b) -> ((a != 0) ^ (b != 0)) ? 1 : 0, null, null);

    /**
     * A built-in operation's loop over arrays of doubles, {@code out[i] = left[i] op right[i]}: a
     * plain loop per operation that the JIT vectorizes. Elements of DOUBLE buffers are combined in
     * chunks through it: measured 2-3 ns per element through the per-element lambda, which made
     * the reduction the larger part of a 256 KiB allreduce at P = 2.
     */
    @FunctionalInterface
    interface DoubleArrayKernel {
        void combine(double[] left, double[] right, double[] out, int n);
    }

    /** Elements per chunk of the array kernels: two chunks fit in a core's L1 cache. */
    private static final int CHUNK = 1024;
    private static final ThreadLocal<double[][]> CHUNKS = ThreadLocal.withInitial(() -> new double[2][CHUNK]);

    /** Every built-in operation, for tests and command-line parsing. */
    public static final ReduceOp[] BUILT_IN = {SUM, PROD, MIN, MAX, BAND, BOR, BXOR, LAND, LOR, LXOR};

    private final String name;
    private final boolean commutative;
    private final Set<DataType> types;
    private final LongBinaryOperator integerFunction;
    private final DoubleBinaryOperator floatingFunction;
    /** The DOUBLE loop of a built-in operation (the same function as floatingFunction), or null. */
    private final DoubleArrayKernel doubleKernel;

    private ReduceOp(String name, boolean commutative, Set<DataType> types,
                     LongBinaryOperator integerFunction, DoubleBinaryOperator floatingFunction) {
        this(name, commutative, types, integerFunction, floatingFunction, null);
    }

    private ReduceOp(String name, boolean commutative, Set<DataType> types, LongBinaryOperator integerFunction,
                     DoubleBinaryOperator floatingFunction, DoubleArrayKernel doubleKernel) {
        this.name = name;
        this.commutative = commutative;
        this.types = types;
        this.integerFunction = integerFunction;
        this.floatingFunction = floatingFunction;
        this.doubleKernel = doubleKernel;
    }

    private static ReduceOp builtIn(String name, Set<DataType> types, LongBinaryOperator integer, DoubleBinaryOperator floating,
                                    DoubleArrayKernel doubles) {
        return new ReduceOp(name, true, types, integer, floating, doubles);
    }

    /**
     * A user-defined operation on integer types (BYTE, SHORT, INT, LONG), applied to elements widened
     * to long; the result is narrowed to the type.
     *
     * @param commutative false keeps the rank order {@code x0 op x1 op ...}; algorithms that reorder
     *                    operands are then not chosen
     */
    public static ReduceOp ofIntegers(String name, boolean commutative, LongBinaryOperator function) {
        return new ReduceOp(checkName(name), commutative, INTEGER_TYPES, Objects.requireNonNull(function, "function"), null);
    }

    /** A user-defined operation on FLOAT and DOUBLE, applied to elements widened to double. */
    public static ReduceOp ofFloatingPoint(String name, boolean commutative, DoubleBinaryOperator function) {
        return new ReduceOp(checkName(name), commutative, EnumSet.of(DataType.FLOAT, DataType.DOUBLE), null,
                Objects.requireNonNull(function, "function"));
    }

    /** A user-defined operation on every type: {@code integer} for integer types, {@code floating} for the others. */
    public static ReduceOp of(String name, boolean commutative, LongBinaryOperator integer, DoubleBinaryOperator floating) {
        return new ReduceOp(checkName(name), commutative, ALL_TYPES,
                Objects.requireNonNull(integer, "integer"), Objects.requireNonNull(floating, "floating"));
    }

    private static String checkName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name: a reduction operation needs a non-blank name (it appears in reports and errors)");
        }
        return name;
    }

    public String name() {
        return name;
    }

    public boolean isCommutative() {
        return commutative;
    }

    public boolean supports(DataType type) {
        return types.contains(type);
    }

    /**
     * @throws IllegalArgumentException naming argument {@code op} if this operation is not defined for the type
     */
    public void checkSupports(DataType type) {
        if (!supports(type)) {
            throw new IllegalArgumentException("op: " + name + " is not defined for " + type + "; it is defined for " + types);
        }
    }

    /**
     * Combines {@code count} elements: {@code target[i] = source[i] op target[i]} when
     * {@code sourceIsLeft}, else {@code target[i] = target[i] op source[i]}. Offsets are in bytes;
     * the buffers' own byte order, position and limit are ignored.
     */
    public void apply(DataType type, ByteBuffer source, int sourceOffset, ByteBuffer target, int targetOffset,
                      int count, boolean sourceIsLeft) {
        apply(type, source, sourceOffset, target, targetOffset, target, targetOffset, count, sourceIsLeft);
    }

    /**
     * Combines {@code count} elements of two ranges into a third: {@code target[i] = source[i] op
     * operand[i]} when {@code sourceIsLeft}, else {@code target[i] = operand[i] op source[i]}. The
     * operand range may be the target range itself, but must not overlap it otherwise. Offsets are
     * in bytes; the buffers' own byte order, position and limit are ignored.
     */
    public void apply(DataType type, ByteBuffer source, int sourceOffset, ByteBuffer operand, int operandOffset,
                      ByteBuffer target, int targetOffset, int count, boolean sourceIsLeft) {
        boolean inPlace = operand == target && operandOffset == targetOffset;
        if (type == DataType.DOUBLE && doubleKernel != null) {
            // views of the ranges only, not of the whole buffers first: fewer objects per reduction
            combineDoubles(source, sourceOffset, inPlace ? null : operand, operandOffset, target, targetOffset, count, sourceIsLeft);
            return;
        }
        // A small reduction is mostly this setup: buffers already in native order (nbc's own,
        // Buffers.allocate's) are read as they are, without a view
        ByteBuffer in = nativeOrdered(source);
        ByteBuffer out = nativeOrdered(target);
        ByteBuffer with = inPlace ? out : nativeOrdered(operand);
        switch (type) {
            case BYTE -> {
                for (int i = 0; i < count; i++) {
                    long s = in.get(sourceOffset + i), t = with.get(operandOffset + i);
                    out.put(targetOffset + i, (byte) combine(s, t, sourceIsLeft));
                }
            }
            case SHORT -> {
                for (int i = 0; i < count; i++) {
                    out.putShort(targetOffset + 2 * i, (short) combine(in.getShort(sourceOffset + 2 * i),
                            with.getShort(operandOffset + 2 * i), sourceIsLeft));
                }
            }
            case INT -> {
                for (int i = 0; i < count; i++) {
                    out.putInt(targetOffset + 4 * i, (int) combine(in.getInt(sourceOffset + 4 * i),
                            with.getInt(operandOffset + 4 * i), sourceIsLeft));
                }
            }
            case LONG -> {
                for (int i = 0; i < count; i++) {
                    out.putLong(targetOffset + 8 * i, combine(in.getLong(sourceOffset + 8 * i),
                            with.getLong(operandOffset + 8 * i), sourceIsLeft));
                }
            }
            case FLOAT -> {
                for (int i = 0; i < count; i++) {
                    out.putFloat(targetOffset + 4 * i, (float) combine((double) in.getFloat(sourceOffset + 4 * i),
                            with.getFloat(operandOffset + 4 * i), sourceIsLeft));
                }
            }
            case DOUBLE -> {
                for (int i = 0; i < count; i++) {
                    out.putDouble(targetOffset + 8 * i, combine(in.getDouble(sourceOffset + 8 * i),
                            with.getDouble(operandOffset + 8 * i), sourceIsLeft));
                }
            }
        }
    }

    /** {@code buffer} itself if it is in native byte order, else a view of it that is (absolute access only: position and limit do not matter). */
    private static ByteBuffer nativeOrdered(ByteBuffer buffer) {
        return buffer.order() == ByteOrder.nativeOrder() ? buffer : buffer.duplicate().order(ByteOrder.nativeOrder());
    }

    /** DOUBLE elements through the operation's array kernel, a chunk at a time; {@code with} null in place (the target is the operand). */
    private void combineDoubles(ByteBuffer in, int sourceOffset, ByteBuffer with, int operandOffset, ByteBuffer out,
                                int targetOffset, int count, boolean sourceIsLeft) {
        DoubleBuffer source = in.slice(sourceOffset, 8 * count).order(ByteOrder.nativeOrder()).asDoubleBuffer();
        DoubleBuffer target = out.slice(targetOffset, 8 * count).order(ByteOrder.nativeOrder()).asDoubleBuffer();
        DoubleBuffer operand = with == null ? target
                : with.slice(operandOffset, 8 * count).order(ByteOrder.nativeOrder()).asDoubleBuffer();
        double[][] chunks = CHUNKS.get();
        double[] s = chunks[0];
        double[] t = chunks[1];
        for (int done = 0; done < count; done += CHUNK) {
            int n = Math.min(CHUNK, count - done);
            source.get(done, s, 0, n);
            operand.get(done, t, 0, n);
            if (sourceIsLeft) {
                doubleKernel.combine(s, t, t, n);
            } else {
                doubleKernel.combine(t, s, t, n);
            }
            target.put(done, t, 0, n);
        }
    }

    private long combine(long source, long target, boolean sourceIsLeft) {
        return sourceIsLeft ? integerFunction.applyAsLong(source, target) : integerFunction.applyAsLong(target, source);
    }

    private double combine(double source, double target, boolean sourceIsLeft) {
        return sourceIsLeft ? floatingFunction.applyAsDouble(source, target) : floatingFunction.applyAsDouble(target, source);
    }

    @Override
    public String toString() {
        return name;
    }
}
