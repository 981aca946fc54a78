package dev.nbc.core.testing.mixed;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.testing.Reference;

import java.nio.ByteBuffer;
import java.util.Random;

/**
 * One collective of a {@link MixedPlan}, as every member of its communicator calls it: the same
 * kind, count, type, operation, root, algorithm (null: the communicator's selector chooses) and
 * in-place choice on every rank, as MPI requires. Every rank derives every rank's data from
 * {@code dataSeed}, so each checks its result alone against the sequential reference.
 */
public record PlannedCall(int batch, int index, int comm, Kind kind, int count, DataType type, ReduceOp op, int root,
                          Algorithm algorithm, boolean inPlace, long dataSeed) {

    public enum Kind {
        BARRIER,
        BCAST,
        ALLREDUCE,
        REDUCE,
        ALLGATHER,
        ALLTOALL,
        SCAN
    }

    /**
     * The data rank {@code commRank} of the communicator contributes (a reduction, a gather), sends
     * (a broadcast's root) or sends to all (an all-to-all, {@code commSize} blocks).
     */
    public ByteBuffer contribution(int commRank, int commSize) {
        int elements = kind == Kind.ALLTOALL ? commSize * count : count;
        return Reference.randomElements(new Random(dataSeed * 1_000_003L + commRank), elements, type);
    }

    /** What member {@code commRank} must hold afterwards; null for a barrier, and where it holds nothing (a reduce's non-roots). */
    public ByteBuffer expected(int commSize, int commRank) {
        int block = type.bytesFor(count);
        switch (kind) {
            case BCAST:
                return contribution(root, commSize);
            case ALLREDUCE:
                return reduction(commSize);
            case REDUCE:
                return commRank == root ? reduction(commSize) : null;
            case SCAN:
                return reduction(commRank + 1);
            case ALLGATHER: {
                ByteBuffer all = ByteBuffer.allocateDirect(commSize * block).order(java.nio.ByteOrder.nativeOrder());
                for (int rank = 0; rank < commSize; rank++) {
                    all.put(rank * block, contribution(rank, commSize), 0, block);
                }
                return all;
            }
            case ALLTOALL: {
                ByteBuffer all = ByteBuffer.allocateDirect(commSize * block).order(java.nio.ByteOrder.nativeOrder());
                for (int rank = 0; rank < commSize; rank++) {
                    all.put(rank * block, contribution(rank, commSize), commRank * block, block);
                }
                return all;
            }
            default:
                return null;
        }
    }

    /** x0 op ... op x(ranks-1). */
    private ByteBuffer reduction(int ranks) {
        ByteBuffer[] all = new ByteBuffer[ranks];
        for (int rank = 0; rank < ranks; rank++) {
            all[rank] = contribution(rank, ranks);
        }
        return Reference.allreduce(all, count, type, op);
    }

    public int bytes() {
        return type.bytesFor(count);
    }

    @Override
    public String toString() {
        String what = switch (kind) {
            case BARRIER -> "barrier";
            case BCAST -> "bcast " + count + " x " + type + " from " + root;
            case ALLREDUCE, REDUCE, SCAN -> kind.name().toLowerCase(java.util.Locale.ROOT) + " " + count + " x " + type + " "
                    + op.name() + (kind == Kind.REDUCE ? " to " + root : "") + (inPlace ? " in place" : "");
            case ALLGATHER, ALLTOALL -> kind.name().toLowerCase(java.util.Locale.ROOT) + " " + count + " x " + type
                    + (inPlace ? " in place" : "");
        };
        return "batch " + batch + " call " + index + " on communicator " + comm + ": " + what
                + (algorithm != null ? " (" + algorithm + ")" : " (selector)");
    }
}
