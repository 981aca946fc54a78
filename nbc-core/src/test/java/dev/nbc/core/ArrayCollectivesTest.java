package dev.nbc.core;

import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.request.Request;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Arrays;

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
                Request r = comm.iallreduce(d, dSum, ReduceOp.SUM);
                r.await();
                assertArrayEquals(dBefore, d, "the send array is left as it was");
                for (int i = 0; i < N; i++) {
                    assertEquals(sum + 3 * (i % 7), dSum[i]);
                }
                comm.iallreduce(d, d, ReduceOp.SUM).await(); // in place
                assertArrayEquals(dSum, d);

                float[] f = new float[N];
                for (int i = 0; i < N; i++) {
                    f[i] = rank + i % 5;
                }
                float[] fSum = new float[N];
                comm.iallreduce(f, fSum, ReduceOp.SUM).await();
                assertEquals(sum + 3 * 4f, fSum[4]);

                long[] l = new long[N];
                Arrays.setAll(l, i -> (long) rank << 33 | i);
                long[] lMax = new long[N];
                comm.iallreduce(l, lMax, ReduceOp.MAX).await();
                assertEquals(2L << 33 | 17, lMax[17]);

                int[] n = new int[N];
                Arrays.setAll(n, i -> rank * i);
                int[] nSum = new int[N];
                comm.iallreduce(n, nSum, ReduceOp.SUM).await();
                assertEquals(3 * 999, nSum[999]);

                short[] s = new short[N];
                for (int i = 0; i < N; i++) {
                    s[i] = (short) (rank + 1);
                }
                short[] sProd = new short[N];
                comm.iallreduce(s, sProd, ReduceOp.PROD).await();
                assertEquals(6, sProd[N - 1]);

                byte[] b = new byte[N];
                Arrays.fill(b, (byte) (1 << rank));
                byte[] bOr = new byte[N];
                comm.iallreduce(b, bOr, ReduceOp.BOR).await();
                assertEquals(7, bOr[0]);

                // broadcasts from rank 1, every type
                double[] dB = rank == 1 ? dBefore.clone() : new double[N];
                comm.ibcast(dB, 1).await();
                assertEquals(1 + 998 % 7, dB[998]);
                float[] fB = rank == 1 ? new float[]{1.5f, 2.5f} : new float[2];
                comm.ibcast(fB, 1).await();
                assertArrayEquals(new float[]{1.5f, 2.5f}, fB);
                long[] lB = rank == 1 ? new long[]{Long.MIN_VALUE} : new long[1];
                comm.ibcast(lB, 1).await();
                assertEquals(Long.MIN_VALUE, lB[0]);
                int[] nB = rank == 1 ? new int[]{-7, 8} : new int[2];
                comm.ibcast(nB, 1).await();
                assertArrayEquals(new int[]{-7, 8}, nB);
                short[] sB = rank == 1 ? new short[]{Short.MAX_VALUE} : new short[1];
                comm.ibcast(sB, 1).await();
                assertEquals(Short.MAX_VALUE, sB[0]);
                byte[] bB = rank == 1 ? new byte[]{-1, 0, 1} : new byte[3];
                comm.ibcast(bB, 1).await();
                assertArrayEquals(new byte[]{-1, 0, 1}, bB);

                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> comm.iallreduce(new double[3], new double[4], ReduceOp.SUM));
                assertTrue(e.getMessage().startsWith("sendArray:"), e.getMessage());
            });
        }
    }
}
