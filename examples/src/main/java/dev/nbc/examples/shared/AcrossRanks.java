package dev.nbc.examples.shared;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;

import java.nio.ByteBuffer;

/**
 * How the examples' ranks agree on what they report, through nbc's blocking collectives outside
 * the timed parts: the slowest rank's times, and whether every rank holds the same result.
 */
public final class AcrossRanks {
    private AcrossRanks() {
    }

    /**
     * Replaces each of this rank's {@code millis} by the largest over the ranks (one allreduce for
     * all of them): a run is as slow as its slowest rank.
     */
    public static void slowest(Communicator comm, double[] millis) {
        ByteBuffer times = Buffers.allocate(millis.length, DataType.DOUBLE);
        times.asDoubleBuffer().put(millis);
        comm.allreduce(null, times, millis.length, DataType.DOUBLE, ReduceOp.MAX);
        times.asDoubleBuffer().get(millis);
    }

    /** The largest of the ranks' {@code value}s. */
    public static double slowest(Communicator comm, double value) {
        double[] one = {value};
        slowest(comm, one);
        return one[0];
    }

    /** The sum of the ranks' {@code count}s. */
    public static long total(Communicator comm, long count) {
        ByteBuffer sum = Buffers.allocate(1, DataType.LONG);
        sum.putLong(0, count);
        comm.allreduce(null, sum, 1, DataType.LONG, ReduceOp.SUM);
        return sum.getLong(0);
    }

    /** Whether every rank holds exactly this x: elementwise max and min over ranks both equal it. */
    public static boolean sameOnAllRanks(Communicator comm, double[] x) {
        int n = x.length;
        ByteBuffer mine = Buffers.allocate(n, DataType.DOUBLE);
        mine.asDoubleBuffer().put(x);
        return sameOnAllRanks(comm, mine, n, DataType.DOUBLE);
    }

    /** Whether every rank holds exactly this {@code value} (a digest of a larger result). */
    public static boolean sameOnAllRanks(Communicator comm, long value) {
        ByteBuffer mine = Buffers.allocate(1, DataType.LONG);
        mine.putLong(0, value);
        return sameOnAllRanks(comm, mine, 1, DataType.LONG);
    }

    private static boolean sameOnAllRanks(Communicator comm, ByteBuffer mine, int count, DataType type) {
        ByteBuffer max = Buffers.allocate(count, type);
        ByteBuffer min = Buffers.allocate(count, type);
        comm.iallreduce(mine, max, count, type, ReduceOp.MAX).await();
        comm.iallreduce(mine, min, count, type, ReduceOp.MIN).await();
        ByteBuffer verdict = Buffers.allocate(1, DataType.INT);
        verdict.putInt(0, mine.equals(max) && mine.equals(min) ? 0 : 1);
        comm.allreduce(null, verdict, 1, DataType.INT, ReduceOp.MAX);
        return verdict.getInt(0) == 0;
    }
}
