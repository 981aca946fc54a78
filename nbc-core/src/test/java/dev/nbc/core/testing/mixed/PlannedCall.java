package dev.nbc.core.testing.mixed;

import dev.nbc.core.algorithm.Algorithm;
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
        ALLREDUCE
    }

    /** The data rank {@code commRank} of the communicator contributes (an allreduce) or sends (a broadcast's root). */
    public ByteBuffer contribution(int commRank) {
        return Reference.randomElements(new Random(dataSeed * 1_000_003L + commRank), count, type);
    }

    /** What every member must hold afterwards; null for a barrier. */
    public ByteBuffer expected(int commSize) {
        switch (kind) {
            case BCAST:
                return contribution(root);
            case ALLREDUCE:
                ByteBuffer[] all = new ByteBuffer[commSize];
                for (int rank = 0; rank < commSize; rank++) {
                    all[rank] = contribution(rank);
                }
                return Reference.allreduce(all, count, type, op);
            default:
                return null;
        }
    }

    public int bytes() {
        return type.bytesFor(count);
    }

    @Override
    public String toString() {
        String what = switch (kind) {
            case BARRIER -> "barrier";
            case BCAST -> "bcast " + count + " x " + type + " from " + root;
            case ALLREDUCE -> "allreduce " + count + " x " + type + " " + op.name() + (inPlace ? " in place" : "");
        };
        return "batch " + batch + " call " + index + " on communicator " + comm + ": " + what
                + (algorithm != null ? " (" + algorithm + ")" : " (selector)");
    }
}
