package dev.nbc.core;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.internal.CollectiveArguments;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.request.Request;

import java.nio.ByteBuffer;
import java.util.function.BiFunction;

/**
 * A communicator's collectives on Java arrays ({@link Communicator#arrays()}): {@code
 * comm.arrays().iallreduce(partial, total, ReduceOp.SUM)} with two {@code double[]}. For
 * {@code double[]}, {@code float[]}, {@code long[]}, {@code int[]}, {@code short[]} and
 * {@code byte[]}; the element type is the array's.
 *
 * <p>The arrays stage through pooled direct buffers: copied in at the start, copied out when the
 * collective has succeeded, before its request completes. The arrays must not be touched until
 * then. The whole array is the message (a block's count is the send array's length, or the
 * receive array's where the send array holds P blocks); the same array as both is in place
 * wherever its length fits both. Where MPI ignores a buffer (a non-root's receive array of a
 * reduce or gather, its send array of a scatter) it may be null. The copies cost what the JMH
 * table in docs/core.md shows; the communicator's own calls on direct buffers stay the zero-copy
 * path. Each call chooses its algorithm as the communicator's call on buffers does.
 */
public final class ArrayCollectives {
    /** Where a receive array's length comes from when it holds what the send array holds. */
    private static final String AS_SEND = "as sendArray does";

    private final Communicator comm;

    ArrayCollectives(Communicator comm) {
        this.comm = comm;
    }


    /** {@link Communicator#iallreduce} on {@code double[]} arrays, staged as the class comment says. */
    public Request iallreduce(double[] sendArray, double[] receiveArray, ReduceOp op) {
        return allreduceArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iallreduce} on {@code float[]} arrays, staged as the class comment says. */
    public Request iallreduce(float[] sendArray, float[] receiveArray, ReduceOp op) {
        return allreduceArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iallreduce} on {@code long[]} arrays, staged as the class comment says. */
    public Request iallreduce(long[] sendArray, long[] receiveArray, ReduceOp op) {
        return allreduceArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iallreduce} on {@code int[]} arrays, staged as the class comment says. */
    public Request iallreduce(int[] sendArray, int[] receiveArray, ReduceOp op) {
        return allreduceArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iallreduce} on {@code short[]} arrays, staged as the class comment says. */
    public Request iallreduce(short[] sendArray, short[] receiveArray, ReduceOp op) {
        return allreduceArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iallreduce} on {@code byte[]} arrays, staged as the class comment says. */
    public Request iallreduce(byte[] sendArray, byte[] receiveArray, ReduceOp op) {
        return allreduceArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#ibcast} on {@code double[]} arrays, staged as the class comment says. */
    public Request ibcast(double[] array, int root) {
        return bcastArray(array, root);
    }

    /** {@link Communicator#ibcast} on {@code float[]} arrays, staged as the class comment says. */
    public Request ibcast(float[] array, int root) {
        return bcastArray(array, root);
    }

    /** {@link Communicator#ibcast} on {@code long[]} arrays, staged as the class comment says. */
    public Request ibcast(long[] array, int root) {
        return bcastArray(array, root);
    }

    /** {@link Communicator#ibcast} on {@code int[]} arrays, staged as the class comment says. */
    public Request ibcast(int[] array, int root) {
        return bcastArray(array, root);
    }

    /** {@link Communicator#ibcast} on {@code short[]} arrays, staged as the class comment says. */
    public Request ibcast(short[] array, int root) {
        return bcastArray(array, root);
    }

    /** {@link Communicator#ibcast} on {@code byte[]} arrays, staged as the class comment says. */
    public Request ibcast(byte[] array, int root) {
        return bcastArray(array, root);
    }

    /** {@link Communicator#ireduce} on {@code double[]} arrays, staged as the class comment says. */
    public Request ireduce(double[] sendArray, double[] receiveArray, ReduceOp op, int root) {
        return reduceArrays(sendArray, receiveArray, op, root);
    }

    /** {@link Communicator#ireduce} on {@code float[]} arrays, staged as the class comment says. */
    public Request ireduce(float[] sendArray, float[] receiveArray, ReduceOp op, int root) {
        return reduceArrays(sendArray, receiveArray, op, root);
    }

    /** {@link Communicator#ireduce} on {@code long[]} arrays, staged as the class comment says. */
    public Request ireduce(long[] sendArray, long[] receiveArray, ReduceOp op, int root) {
        return reduceArrays(sendArray, receiveArray, op, root);
    }

    /** {@link Communicator#ireduce} on {@code int[]} arrays, staged as the class comment says. */
    public Request ireduce(int[] sendArray, int[] receiveArray, ReduceOp op, int root) {
        return reduceArrays(sendArray, receiveArray, op, root);
    }

    /** {@link Communicator#ireduce} on {@code short[]} arrays, staged as the class comment says. */
    public Request ireduce(short[] sendArray, short[] receiveArray, ReduceOp op, int root) {
        return reduceArrays(sendArray, receiveArray, op, root);
    }

    /** {@link Communicator#ireduce} on {@code byte[]} arrays, staged as the class comment says. */
    public Request ireduce(byte[] sendArray, byte[] receiveArray, ReduceOp op, int root) {
        return reduceArrays(sendArray, receiveArray, op, root);
    }

    /** {@link Communicator#iallgather} on {@code double[]} arrays, staged as the class comment says. */
    public Request iallgather(double[] sendArray, double[] receiveArray) {
        return allgatherArrays(sendArray, receiveArray);
    }

    /** {@link Communicator#iallgather} on {@code float[]} arrays, staged as the class comment says. */
    public Request iallgather(float[] sendArray, float[] receiveArray) {
        return allgatherArrays(sendArray, receiveArray);
    }

    /** {@link Communicator#iallgather} on {@code long[]} arrays, staged as the class comment says. */
    public Request iallgather(long[] sendArray, long[] receiveArray) {
        return allgatherArrays(sendArray, receiveArray);
    }

    /** {@link Communicator#iallgather} on {@code int[]} arrays, staged as the class comment says. */
    public Request iallgather(int[] sendArray, int[] receiveArray) {
        return allgatherArrays(sendArray, receiveArray);
    }

    /** {@link Communicator#iallgather} on {@code short[]} arrays, staged as the class comment says. */
    public Request iallgather(short[] sendArray, short[] receiveArray) {
        return allgatherArrays(sendArray, receiveArray);
    }

    /** {@link Communicator#iallgather} on {@code byte[]} arrays, staged as the class comment says. */
    public Request iallgather(byte[] sendArray, byte[] receiveArray) {
        return allgatherArrays(sendArray, receiveArray);
    }

    /** {@link Communicator#igather} on {@code double[]} arrays, staged as the class comment says. */
    public Request igather(double[] sendArray, double[] receiveArray, int root) {
        return gatherArrays(sendArray, receiveArray, root);
    }

    /** {@link Communicator#igather} on {@code float[]} arrays, staged as the class comment says. */
    public Request igather(float[] sendArray, float[] receiveArray, int root) {
        return gatherArrays(sendArray, receiveArray, root);
    }

    /** {@link Communicator#igather} on {@code long[]} arrays, staged as the class comment says. */
    public Request igather(long[] sendArray, long[] receiveArray, int root) {
        return gatherArrays(sendArray, receiveArray, root);
    }

    /** {@link Communicator#igather} on {@code int[]} arrays, staged as the class comment says. */
    public Request igather(int[] sendArray, int[] receiveArray, int root) {
        return gatherArrays(sendArray, receiveArray, root);
    }

    /** {@link Communicator#igather} on {@code short[]} arrays, staged as the class comment says. */
    public Request igather(short[] sendArray, short[] receiveArray, int root) {
        return gatherArrays(sendArray, receiveArray, root);
    }

    /** {@link Communicator#igather} on {@code byte[]} arrays, staged as the class comment says. */
    public Request igather(byte[] sendArray, byte[] receiveArray, int root) {
        return gatherArrays(sendArray, receiveArray, root);
    }

    /** {@link Communicator#iscatter} on {@code double[]} arrays, staged as the class comment says. */
    public Request iscatter(double[] sendArray, double[] receiveArray, int root) {
        return scatterArrays(sendArray, receiveArray, root);
    }

    /** {@link Communicator#iscatter} on {@code float[]} arrays, staged as the class comment says. */
    public Request iscatter(float[] sendArray, float[] receiveArray, int root) {
        return scatterArrays(sendArray, receiveArray, root);
    }

    /** {@link Communicator#iscatter} on {@code long[]} arrays, staged as the class comment says. */
    public Request iscatter(long[] sendArray, long[] receiveArray, int root) {
        return scatterArrays(sendArray, receiveArray, root);
    }

    /** {@link Communicator#iscatter} on {@code int[]} arrays, staged as the class comment says. */
    public Request iscatter(int[] sendArray, int[] receiveArray, int root) {
        return scatterArrays(sendArray, receiveArray, root);
    }

    /** {@link Communicator#iscatter} on {@code short[]} arrays, staged as the class comment says. */
    public Request iscatter(short[] sendArray, short[] receiveArray, int root) {
        return scatterArrays(sendArray, receiveArray, root);
    }

    /** {@link Communicator#iscatter} on {@code byte[]} arrays, staged as the class comment says. */
    public Request iscatter(byte[] sendArray, byte[] receiveArray, int root) {
        return scatterArrays(sendArray, receiveArray, root);
    }

    /** {@link Communicator#ialltoall} on {@code double[]} arrays, staged as the class comment says. */
    public Request ialltoall(double[] sendArray, double[] receiveArray) {
        return alltoallArrays(sendArray, receiveArray);
    }

    /** {@link Communicator#ialltoall} on {@code float[]} arrays, staged as the class comment says. */
    public Request ialltoall(float[] sendArray, float[] receiveArray) {
        return alltoallArrays(sendArray, receiveArray);
    }

    /** {@link Communicator#ialltoall} on {@code long[]} arrays, staged as the class comment says. */
    public Request ialltoall(long[] sendArray, long[] receiveArray) {
        return alltoallArrays(sendArray, receiveArray);
    }

    /** {@link Communicator#ialltoall} on {@code int[]} arrays, staged as the class comment says. */
    public Request ialltoall(int[] sendArray, int[] receiveArray) {
        return alltoallArrays(sendArray, receiveArray);
    }

    /** {@link Communicator#ialltoall} on {@code short[]} arrays, staged as the class comment says. */
    public Request ialltoall(short[] sendArray, short[] receiveArray) {
        return alltoallArrays(sendArray, receiveArray);
    }

    /** {@link Communicator#ialltoall} on {@code byte[]} arrays, staged as the class comment says. */
    public Request ialltoall(byte[] sendArray, byte[] receiveArray) {
        return alltoallArrays(sendArray, receiveArray);
    }

    /** {@link Communicator#iscan} on {@code double[]} arrays, staged as the class comment says. */
    public Request iscan(double[] sendArray, double[] receiveArray, ReduceOp op) {
        return scanArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iscan} on {@code float[]} arrays, staged as the class comment says. */
    public Request iscan(float[] sendArray, float[] receiveArray, ReduceOp op) {
        return scanArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iscan} on {@code long[]} arrays, staged as the class comment says. */
    public Request iscan(long[] sendArray, long[] receiveArray, ReduceOp op) {
        return scanArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iscan} on {@code int[]} arrays, staged as the class comment says. */
    public Request iscan(int[] sendArray, int[] receiveArray, ReduceOp op) {
        return scanArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iscan} on {@code short[]} arrays, staged as the class comment says. */
    public Request iscan(short[] sendArray, short[] receiveArray, ReduceOp op) {
        return scanArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iscan} on {@code byte[]} arrays, staged as the class comment says. */
    public Request iscan(byte[] sendArray, byte[] receiveArray, ReduceOp op) {
        return scanArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iexscan} on {@code double[]} arrays, staged as the class comment says. */
    public Request iexscan(double[] sendArray, double[] receiveArray, ReduceOp op) {
        return exscanArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iexscan} on {@code float[]} arrays, staged as the class comment says. */
    public Request iexscan(float[] sendArray, float[] receiveArray, ReduceOp op) {
        return exscanArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iexscan} on {@code long[]} arrays, staged as the class comment says. */
    public Request iexscan(long[] sendArray, long[] receiveArray, ReduceOp op) {
        return exscanArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iexscan} on {@code int[]} arrays, staged as the class comment says. */
    public Request iexscan(int[] sendArray, int[] receiveArray, ReduceOp op) {
        return exscanArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iexscan} on {@code short[]} arrays, staged as the class comment says. */
    public Request iexscan(short[] sendArray, short[] receiveArray, ReduceOp op) {
        return exscanArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#iexscan} on {@code byte[]} arrays, staged as the class comment says. */
    public Request iexscan(byte[] sendArray, byte[] receiveArray, ReduceOp op) {
        return exscanArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#ireduceScatterBlock} on {@code double[]} arrays, staged as the class comment says. */
    public Request ireduceScatterBlock(double[] sendArray, double[] receiveArray, ReduceOp op) {
        return reduceScatterBlockArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#ireduceScatterBlock} on {@code float[]} arrays, staged as the class comment says. */
    public Request ireduceScatterBlock(float[] sendArray, float[] receiveArray, ReduceOp op) {
        return reduceScatterBlockArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#ireduceScatterBlock} on {@code long[]} arrays, staged as the class comment says. */
    public Request ireduceScatterBlock(long[] sendArray, long[] receiveArray, ReduceOp op) {
        return reduceScatterBlockArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#ireduceScatterBlock} on {@code int[]} arrays, staged as the class comment says. */
    public Request ireduceScatterBlock(int[] sendArray, int[] receiveArray, ReduceOp op) {
        return reduceScatterBlockArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#ireduceScatterBlock} on {@code short[]} arrays, staged as the class comment says. */
    public Request ireduceScatterBlock(short[] sendArray, short[] receiveArray, ReduceOp op) {
        return reduceScatterBlockArrays(sendArray, receiveArray, op);
    }

    /** {@link Communicator#ireduceScatterBlock} on {@code byte[]} arrays, staged as the class comment says. */
    public Request ireduceScatterBlock(byte[] sendArray, byte[] receiveArray, ReduceOp op) {
        return reduceScatterBlockArrays(sendArray, receiveArray, op);
    }

    /** The root's receive array holds the result (count: the send array's length); elsewhere it may be null. */
    private Request reduceArrays(Object sendArray, Object receiveArray, ReduceOp op, int root) {
        int count = ArrayStaging.lengthOf(ArrayStaging.nonNull("sendArray", sendArray));
        CollectiveArguments.checkRoot(root, comm.size());
        boolean atRoot = comm.rank() == root;
        return staged(sendArray, atRoot ? ArrayStaging.requireLength("receiveArray", receiveArray, count, AS_SEND) : null,
                (in, out) -> comm.reduceInit(in, out, count, ArrayStaging.typeOf("sendArray", sendArray), op, root, null));
    }

    /** The receive array holds P blocks of the send array's length. */
    private Request allgatherArrays(Object sendArray, Object receiveArray) {
        int count = ArrayStaging.lengthOf(ArrayStaging.nonNull("sendArray", sendArray));
        ArrayStaging.requireLength("receiveArray", receiveArray, Math.multiplyExact(comm.size(), count), blocksOf("sendArray"));
        return staged(sendArray, receiveArray,
                (in, out) -> comm.allgatherInit(in, out, count, ArrayStaging.typeOf("sendArray", sendArray), null));
    }

    /** The root's receive array holds P blocks of the send array's length; elsewhere it may be null. */
    private Request gatherArrays(Object sendArray, Object receiveArray, int root) {
        int count = ArrayStaging.lengthOf(ArrayStaging.nonNull("sendArray", sendArray));
        CollectiveArguments.checkRoot(root, comm.size());
        boolean atRoot = comm.rank() == root;
        return staged(sendArray, atRoot ? ArrayStaging.requireLength("receiveArray", receiveArray, Math.multiplyExact(comm.size(), count),
                        blocksOf("sendArray")) : null,
                (in, out) -> comm.gatherInit(in, out, count, ArrayStaging.typeOf("sendArray", sendArray), root, null));
    }

    /** The root's send array holds P blocks of the receive array's length; elsewhere it may be null. */
    private Request scatterArrays(Object sendArray, Object receiveArray, int root) {
        int count = ArrayStaging.lengthOf(ArrayStaging.nonNull("receiveArray", receiveArray));
        CollectiveArguments.checkRoot(root, comm.size());
        boolean atRoot = comm.rank() == root;
        return staged(atRoot ? ArrayStaging.requireLength("sendArray", sendArray, Math.multiplyExact(comm.size(), count),
                blocksOf("receiveArray")) : null, receiveArray,
                (in, out) -> comm.scatterInit(in, out, count, ArrayStaging.typeOf("receiveArray", receiveArray), root, null));
    }

    /** Both arrays hold P blocks of equal length, block r going to (or coming from) rank r. */
    private Request alltoallArrays(Object sendArray, Object receiveArray) {
        int length = ArrayStaging.lengthOf(ArrayStaging.nonNull("sendArray", sendArray));
        if (length % comm.size() != 0) {
            throw new IllegalArgumentException("sendArray: must hold " + comm.size() + " blocks of equal length, but has "
                    + length + " elements");
        }
        ArrayStaging.requireLength("receiveArray", receiveArray, length, AS_SEND);
        return staged(sendArray, receiveArray,
                (in, out) -> comm.alltoallInit(in, out, length / comm.size(), ArrayStaging.typeOf("sendArray", sendArray), null));
    }

    private Request scanArrays(Object sendArray, Object receiveArray, ReduceOp op) {
        int count = ArrayStaging.lengthOf(ArrayStaging.nonNull("sendArray", sendArray));
        ArrayStaging.requireLength("receiveArray", receiveArray, count, AS_SEND);
        return staged(sendArray, receiveArray,
                (in, out) -> comm.scanInit(in, out, count, ArrayStaging.typeOf("sendArray", sendArray), op, null));
    }

    /** Rank 0's receive array is left as it was (MPI leaves it undefined). */
    private Request exscanArrays(Object sendArray, Object receiveArray, ReduceOp op) {
        int count = ArrayStaging.lengthOf(ArrayStaging.nonNull("sendArray", sendArray));
        ArrayStaging.requireLength("receiveArray", receiveArray, count, AS_SEND);
        return staged(sendArray, receiveArray, comm.rank() == 0,
                (in, out) -> comm.exscanInit(in, out, count, ArrayStaging.typeOf("sendArray", sendArray), op, null));
    }

    /** The send array holds P blocks of the receive array's length; block r is reduced into rank r's receive array. */
    private Request reduceScatterBlockArrays(Object sendArray, Object receiveArray, ReduceOp op) {
        int count = ArrayStaging.lengthOf(ArrayStaging.nonNull("receiveArray", receiveArray));
        ArrayStaging.requireLength("sendArray", sendArray, Math.multiplyExact(comm.size(), count), blocksOf("receiveArray"));
        return staged(sendArray, receiveArray,
                (in, out) -> comm.reduceScatterBlockInit(in, out, count, ArrayStaging.typeOf("receiveArray", receiveArray), op, null));
    }

    /**
     * Stages a collective's arrays: the send array copied into a pooled buffer, a pooled buffer for
     * the receive array (either null where the rank has none), the collective started with them,
     * and the receive buffer copied into the receive array once it has succeeded. The buffers go
     * back to the pool when it has completed, or at once if the call is refused. The same array
     * as both is in place: its contents are sent, then overwritten by the result.
     */
    private Request staged(Object sendArray, Object receiveArray, BiFunction<ByteBuffer, ByteBuffer, PersistentCollective> init) {
        return staged(sendArray, receiveArray, false, init);
    }

    /** As above; {@code keepReceive}: the receive array is copied in too, so that what the collective leaves alone stays. */
    private Request staged(Object sendArray, Object receiveArray, boolean keepReceive,
                           BiFunction<ByteBuffer, ByteBuffer, PersistentCollective> init) {
        ByteBuffer input = sendArray == null ? null : ArrayStaging.in(sendArray, ArrayStaging.typeOf("sendArray", sendArray));
        DataType receiveType = receiveArray == null ? null : ArrayStaging.typeOf("receiveArray", receiveArray);
        ByteBuffer output = receiveArray == null ? null : keepReceive ? ArrayStaging.in(receiveArray, receiveType)
                : ArrayStaging.take(receiveType.bytesFor(ArrayStaging.lengthOf(receiveArray)));
        PersistentCollective call;
        try {
            call = init.apply(input, output);
        } catch (RuntimeException refused) {
            ArrayStaging.give(input);
            ArrayStaging.give(output);
            throw refused;
        }
        return call.start(() -> {
            if (output != null) {
                ArrayStaging.out(output, receiveArray);
            }
            ArrayStaging.give(input);
            ArrayStaging.give(output);
        });
    }

    private Request allreduceArrays(Object sendArray, Object receiveArray, ReduceOp op) {
        int count = ArrayStaging.lengthOf(ArrayStaging.nonNull("sendArray", sendArray));
        ArrayStaging.requireLength("receiveArray", receiveArray, count, AS_SEND);
        return staged(sendArray, receiveArray,
                (in, out) -> comm.allreduceInit(in, out, count, ArrayStaging.typeOf("sendArray", sendArray), op, null));
    }

    /** Where an array's length comes from when it holds a block per rank of the other array's length. */
    private String blocksOf(String other) {
        return "P = " + comm.size() + " blocks of " + other + "'s length";
    }

    private Request bcastArray(Object array, int root) {
        DataType type = ArrayStaging.typeOf("array", array);
        int count = ArrayStaging.lengthOf(array);
        CollectiveArguments.checkRoot(root, comm.size());
        boolean atRoot = comm.rank() == root;
        ByteBuffer buffer = atRoot ? ArrayStaging.in(array, type) : ArrayStaging.take(type.bytesFor(count));
        return comm.bcastInit(buffer, count, type, root, null).start(() -> {
            if (!atRoot) {
                ArrayStaging.out(buffer, array);
            }
            ArrayStaging.give(buffer);
        });
    }
}
