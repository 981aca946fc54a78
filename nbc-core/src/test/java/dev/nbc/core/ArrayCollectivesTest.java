package dev.nbc.core;

import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.request.Request;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.nbc.core.datatype.DataType;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java-array overloads, every element type, on 3 in-process ranks with and without a progress
 * thread: the arrays hold the result when the request completes, in place and not, and the
 * send array is left as it was.
 */
class ArrayCollectivesTest {
    private static final int N = 1000;

    @ParameterizedTest
    @EnumSource(ProgressMode.class)
    void everyElementTypeAllreducesAndBroadcastsThroughArrays(ProgressMode mode) {
        try (ProgressEngine engine = ProgressEngine.start(mode, IdleStrategy.BACKOFF);
             InProcessWorld world = new InProcessWorld(3)) {
            world.run((rank, transport) -> {
                Communicator comm = Communicator.create(engine, transport);
                int sum = 0 + 1 + 2; // element i of rank r is r + i (mod a small bound for bytes)

                double[] d = new double[N];
                double[] dSum = new double[N];
                Arrays.setAll(d, i -> rank + i % 7);
                double[] dBefore = d.clone();
                Request r = comm.arrays().iallreduce(d, dSum, ReduceOp.SUM);
                r.await();
                assertArrayEquals(dBefore, d, "the send array is left as it was");
                for (int i = 0; i < N; i++) {
                    assertEquals(sum + 3 * (i % 7), dSum[i]);
                }
                comm.arrays().iallreduce(d, d, ReduceOp.SUM).await(); // in place
                assertArrayEquals(dSum, d);

                float[] f = new float[N];
                for (int i = 0; i < N; i++) {
                    f[i] = rank + i % 5;
                }
                float[] fSum = new float[N];
                comm.arrays().iallreduce(f, fSum, ReduceOp.SUM).await();
                assertEquals(sum + 3 * 4f, fSum[4]);

                long[] l = new long[N];
                Arrays.setAll(l, i -> (long) rank << 33 | i);
                long[] lMax = new long[N];
                comm.arrays().iallreduce(l, lMax, ReduceOp.MAX).await();
                assertEquals(2L << 33 | 17, lMax[17]);

                int[] n = new int[N];
                Arrays.setAll(n, i -> rank * i);
                int[] nSum = new int[N];
                comm.arrays().iallreduce(n, nSum, ReduceOp.SUM).await();
                assertEquals(3 * 999, nSum[999]);

                short[] s = new short[N];
                for (int i = 0; i < N; i++) {
                    s[i] = (short) (rank + 1);
                }
                short[] sProd = new short[N];
                comm.arrays().iallreduce(s, sProd, ReduceOp.PROD).await();
                assertEquals(6, sProd[N - 1]);

                byte[] b = new byte[N];
                Arrays.fill(b, (byte) (1 << rank));
                byte[] bOr = new byte[N];
                comm.arrays().iallreduce(b, bOr, ReduceOp.BOR).await();
                assertEquals(7, bOr[0]);

                // broadcasts from rank 1, every type
                double[] dB = rank == 1 ? dBefore.clone() : new double[N];
                comm.arrays().ibcast(dB, 1).await();
                assertEquals(1 + 998 % 7, dB[998]);
                float[] fB = rank == 1 ? new float[]{1.5f, 2.5f} : new float[2];
                comm.arrays().ibcast(fB, 1).await();
                assertArrayEquals(new float[]{1.5f, 2.5f}, fB);
                long[] lB = rank == 1 ? new long[]{Long.MIN_VALUE} : new long[1];
                comm.arrays().ibcast(lB, 1).await();
                assertEquals(Long.MIN_VALUE, lB[0]);
                int[] nB = rank == 1 ? new int[]{-7, 8} : new int[2];
                comm.arrays().ibcast(nB, 1).await();
                assertArrayEquals(new int[]{-7, 8}, nB);
                short[] sB = rank == 1 ? new short[]{Short.MAX_VALUE} : new short[1];
                comm.arrays().ibcast(sB, 1).await();
                assertEquals(Short.MAX_VALUE, sB[0]);
                byte[] bB = rank == 1 ? new byte[]{-1, 0, 1} : new byte[3];
                comm.arrays().ibcast(bB, 1).await();
                assertArrayEquals(new byte[]{-1, 0, 1}, bB);

                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> comm.arrays().iallreduce(new double[3], new double[4], ReduceOp.SUM));
                assertEquals("receiveArray: must hold 3 elements (as sendArray does), but holds 4", e.getMessage());
            });
        }
    }

    /** A collective's array overload and what it takes: the send and receive lengths in blocks, and the extra arguments. */
    private record Case(String method, int sendBlocks, int receiveBlocks, Object[] extra, Integer root) {
        /** The Java types of the extra arguments, for the method lookup. */
        Class<?>[] extraTypes() {
            return java.util.Arrays.stream(extra).map(a -> a instanceof Integer ? int.class : ReduceOp.class).toArray(Class<?>[]::new);
        }
    }

    private static final int P = 3;
    private static final int BLOCK = 5;
    private static final List<Case> CASES = List.of(
            new Case("ireduce", 1, 1, new Object[] {ReduceOp.SUM, 1}, 1),
            new Case("iallgather", 1, P, new Object[] {}, null),
            new Case("igather", 1, P, new Object[] {2}, 2),
            new Case("iscatter", P, 1, new Object[] {0}, 0),
            new Case("ialltoall", P, P, new Object[] {}, null),
            new Case("iscan", 1, 1, new Object[] {ReduceOp.MAX}, null),
            new Case("iexscan", 1, 1, new Object[] {ReduceOp.SUM}, null),
            new Case("ireduceScatterBlock", P, 1, new Object[] {ReduceOp.SUM}, null));
    private static final List<Class<?>> ARRAYS = List.of(double[].class, float[].class, long[].class, int[].class, short[].class,
            byte[].class);

    /**
     * Every other collective's array overload, for every element type, gives byte for byte what
     * the same call on direct buffers gives (those are checked against sequential references
     * elsewhere), leaves the send array as it was, and runs in place when given one array.
     */
    @ParameterizedTest
    @EnumSource(ProgressMode.class)
    void everyCollectiveAndElementTypeThroughArraysEqualsTheDirectBufferCall(ProgressMode mode) {
        try (ProgressEngine engine = ProgressEngine.start(mode, IdleStrategy.BACKOFF);
             InProcessWorld world = new InProcessWorld(P)) {
            world.run((rank, transport) -> {
                Communicator comm = Communicator.create(engine, transport);
                for (Class<?> arrayType : ARRAYS) {
                    DataType type = ArrayStaging.typeOf("array", java.lang.reflect.Array.newInstance(arrayType.getComponentType(), 0));
                    for (Case c : CASES) {
                        boolean rootOnlyReceive = c.root() != null && !c.method().equals("iscatter");
                        boolean rootOnlySend = c.method().equals("iscatter");
                        Object send = rootOnlySend && rank != c.root() ? null : filled(arrayType, c.sendBlocks() * BLOCK, rank);
                        Object receive = rootOnlyReceive && rank != c.root() ? null : filled(arrayType, c.receiveBlocks() * BLOCK, 100);
                        Object sendBefore = send == null ? null : copyOf(send);
                        ByteBuffer sendBuffer = send == null ? null : ArrayStaging.in(send, type);
                        ByteBuffer receiveBuffer = receive == null ? null : ArrayStaging.in(receive, type);

                        call(comm, c, arrayType, send, receive).await();
                        callOnBuffers(comm, c, sendBuffer, receiveBuffer, type).await();

                        String what = c.method() + " " + type + " on rank " + rank;
                        if (send != null) {
                            assertTrue(java.util.Objects.deepEquals(sendBefore, send), what + ": the send array is left as it was");
                        }
                        if (receive != null) {
                            assertEquals(receiveBuffer.duplicate().clear().limit(type.bytesFor(c.receiveBlocks() * BLOCK)),
                                    ArrayStaging.in(receive, type).clear().limit(type.bytesFor(c.receiveBlocks() * BLOCK)), what);
                        }
                        if (c.sendBlocks() == c.receiveBlocks() && c.root() == null) {
                            Object inPlace = filled(arrayType, c.sendBlocks() * BLOCK, rank);
                            call(comm, c, arrayType, inPlace, inPlace).await();
                            // rank 0's exscan result is undefined in MPI: in place it keeps its own contribution
                            boolean defined = !(c.method().equals("iexscan") && rank == 0);
                            assertTrue(!defined || java.util.Objects.deepEquals(receive, inPlace), what + " in place");
                        }
                    }
                }
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> comm.arrays().iallgather(new int[2], new int[5]));
                assertEquals("receiveArray: must hold 6 elements (P = 3 blocks of sendArray's length), but holds 5", e.getMessage());
                // the message is the send array: a receive array of another length is the one named
                e = assertThrows(IllegalArgumentException.class, () -> comm.arrays().iallreduce(new double[3], new double[2],
                        ReduceOp.SUM));
                assertEquals("receiveArray: must hold 3 elements (as sendArray does), but holds 2", e.getMessage());
                if (comm.rank() == 0) { // only the root's send array matters
                    e = assertThrows(IllegalArgumentException.class, () -> comm.arrays().iscatter(new int[7], new int[2], 0));
                    assertEquals("sendArray: must hold 6 elements (P = 3 blocks of receiveArray's length), but holds 7",
                            e.getMessage());
                }
                e = assertThrows(IllegalArgumentException.class, () -> comm.arrays().ialltoall(new long[4], new long[4]));
                assertEquals("sendArray: must hold 3 blocks of equal length, but has 4 elements", e.getMessage());
                e = assertThrows(IllegalArgumentException.class, () -> comm.arrays().igather((short[]) null, new short[3], 0));
                assertEquals("sendArray: must not be null", e.getMessage());
            });
        }
    }

    private static Request call(Communicator comm, Case c, Class<?> arrayType, Object send, Object receive) {
        Class<?>[] types = new Class<?>[2 + c.extra().length];
        types[0] = arrayType;
        types[1] = arrayType;
        System.arraycopy(c.extraTypes(), 0, types, 2, c.extra().length);
        Object[] args = new Object[types.length];
        args[0] = send;
        args[1] = receive;
        System.arraycopy(c.extra(), 0, args, 2, c.extra().length);
        return invoke(comm.arrays(), c.method(), types, args);
    }

    private static Request callOnBuffers(Communicator comm, Case c, ByteBuffer send, ByteBuffer receive, DataType type) {
        Class<?>[] types = new Class<?>[4 + c.extra().length];
        types[0] = ByteBuffer.class;
        types[1] = ByteBuffer.class;
        types[2] = int.class;
        types[3] = DataType.class;
        Object[] args = new Object[types.length];
        args[0] = send;
        args[1] = receive;
        args[2] = BLOCK;
        args[3] = type;
        for (int i = 0; i < c.extra().length; i++) {
            types[4 + i] = c.extraTypes()[i];
            args[4 + i] = c.extra()[i];
        }
        return invoke(comm, c.method(), types, args);
    }

    /** {@code method} of {@code target} (a communicator, or its array view). */
    private static Request invoke(Object target, String method, Class<?>[] types, Object[] args) {
        try {
            return (Request) target.getClass().getMethod(method, types).invoke(target, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new AssertionError(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(method + java.util.Arrays.toString(types) + " is missing", e);
        }
    }

    /** An array of {@code length} elements, element i = seed * 3 + i (mod the type's range). */
    private static Object filled(Class<?> arrayType, int length, int seed) {
        Object array = java.lang.reflect.Array.newInstance(arrayType.getComponentType(), length);
        for (int i = 0; i < length; i++) {
            long v = seed * 3L + i;
            switch (arrayType.getComponentType().getName()) {
                case "double" -> java.lang.reflect.Array.setDouble(array, i, v + 0.25);
                case "float" -> java.lang.reflect.Array.setFloat(array, i, v + 0.5f);
                case "long" -> java.lang.reflect.Array.setLong(array, i, v << 35 | v);
                case "int" -> java.lang.reflect.Array.setInt(array, i, (int) v);
                case "short" -> java.lang.reflect.Array.setShort(array, i, (short) v);
                default -> java.lang.reflect.Array.setByte(array, i, (byte) v);
            }
        }
        return array;
    }

    private static Object copyOf(Object array) {
        int length = java.lang.reflect.Array.getLength(array);
        Object copy = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), length);
        System.arraycopy(array, 0, copy, 0, length);
        return copy;
    }
}
