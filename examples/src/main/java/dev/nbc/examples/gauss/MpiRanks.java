package dev.nbc.examples.gauss;

import dev.nbc.cli.MpiAbort;
import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.transport.mpi.MpiTransport;
import mpi.MPI;
import mpi.MPIException;

import java.nio.ByteBuffer;
import java.util.function.Function;

/**
 * The processes of an MPI job (started by scripts/nbcrun) as the ranks: MPI initialised with
 * THREAD_MULTIPLE, one progress engine and nbc communicator over MPI_COMM_WORLD's duplicate.
 * {@link #close()} closes them before MPI.Finalize, as the engine requires. The only class of the
 * example that touches {@code mpi.*}, so that the in-process runs need no mpi.jar.
 */
final class MpiRanks extends Ranks {
    private final ProgressEngine engine;
    private final Communicator comm;

    private MpiRanks() {
        MpiTransport.initThreadMultiple(new String[0]);
        engine = ProgressEngine.start();
        comm = Communicator.create(engine, MpiTransport.create(MPI.COMM_WORLD));
    }

    /** Initialises MPI; returned as {@link Ranks} so that callers never link against mpi.*. */
    static Ranks create() {
        return new MpiRanks();
    }

    @Override
    public String describe() {
        return "mpi";
    }

    @Override
    public boolean leader() {
        return comm.rank() == 0;
    }

    @Override
    public int[] sizes(int[] requested) {
        return new int[] {comm.size()};
    }

    @Override
    public <T> T run(int size, Function<Communicator, T> body) {
        return body.apply(comm);
    }

    @Override
    public int agree(int verdict) {
        ByteBuffer v = Buffers.allocate(1, DataType.INT);
        v.putInt(0, verdict);
        comm.bcast(v, 1, DataType.INT, 0);
        return v.getInt(0);
    }

    @Override
    public void abortAfter(Throwable failure) {
        MpiAbort.abortAfter("gauss", failure);
    }

    @Override
    public void close() {
        comm.close();
        engine.close();
        try {
            MPI.Finalize();
        } catch (MPIException e) {
            throw new IllegalStateException("MPI.Finalize failed: " + e.getMessage(), e);
        }
    }
}
