package dev.nbc.harness.ranks.mpi;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.OwnCollective;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A tool's few numbers agreed over a communicator through the MPI library's own blocking
 * collectives (a maximum of timings, a verdict): not what is measured, only how ranks agree on it.
 */
public final class WorldValues {
    private WorldValues() {
    }

    /** Replaces each of {@code values} by its reduction with {@code op} over every rank of {@code comm}. */
    public static void allreduce(MpiComm comm, double[] values, ReduceOp op) throws MpiException {
        ByteBuffer in = ByteBuffer.allocateDirect(values.length * Double.BYTES).order(ByteOrder.nativeOrder());
        ByteBuffer out = ByteBuffer.allocateDirect(values.length * Double.BYTES).order(ByteOrder.nativeOrder());
        in.asDoubleBuffer().put(values);
        comm.collectives().run(OwnCollective.of(Collective.ALLREDUCE, in, out, values.length, DataType.DOUBLE, op, 0));
        out.asDoubleBuffer().get(values);
    }

    /** {@code root}'s {@code value}, on every rank of {@code comm}. */
    public static int bcast(MpiComm comm, int value, int root) throws MpiException {
        ByteBuffer v = ByteBuffer.allocateDirect(Integer.BYTES).order(ByteOrder.nativeOrder()).putInt(0, value);
        comm.collectives().run(OwnCollective.of(Collective.BCAST, null, v, 1, DataType.INT, null, root));
        return v.getInt(0);
    }

    /** MPI_Barrier. */
    public static void barrier(MpiComm comm) throws MpiException {
        comm.collectives().run(OwnCollective.of(Collective.BARRIER, null, null, 0, null, null, 0));
    }
}
