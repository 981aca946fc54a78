package dev.nbc.harness.ranks.mpi;

import dev.nbc.harness.ranks.NativeCollectives;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

import java.nio.ByteBuffer;

/** Open MPI's own collectives on the group's communicator, doubles, SUM. */
final class MpiNativeCollectives implements NativeCollectives {
    private final Intracomm comm;

    MpiNativeCollectives(Intracomm comm) {
        this.comm = comm;
    }

    private static IllegalStateException failed(MPIException e) {
        return new IllegalStateException("Open MPI collective failed: " + e.getMessage(), e);
    }

    private static NativeRequest wrap(Request request) {
        return new NativeRequest() {
            @Override
            public boolean test() {
                try {
                    return request.test();
                } catch (MPIException e) {
                    throw failed(e);
                }
            }

            @Override
            public void await() {
                try {
                    request.waitFor();
                } catch (MPIException e) {
                    throw failed(e);
                }
            }
        };
    }

    @Override
    public void barrier() {
        try {
            comm.barrier();
        } catch (MPIException e) {
            throw failed(e);
        }
    }

    @Override
    public void bcast(ByteBuffer buffer, int count, int root) {
        try {
            comm.bcast(buffer, count, MPI.DOUBLE, root);
        } catch (MPIException e) {
            throw failed(e);
        }
    }

    @Override
    public void allreduce(ByteBuffer in, ByteBuffer out, int count) {
        try {
            comm.allReduce(in, out, count, MPI.DOUBLE, MPI.SUM);
        } catch (MPIException e) {
            throw failed(e);
        }
    }

    @Override
    public NativeRequest ibarrier() {
        try {
            return wrap(comm.iBarrier());
        } catch (MPIException e) {
            throw failed(e);
        }
    }

    @Override
    public NativeRequest ibcast(ByteBuffer buffer, int count, int root) {
        try {
            return wrap(comm.iBcast(buffer, count, MPI.DOUBLE, root));
        } catch (MPIException e) {
            throw failed(e);
        }
    }

    @Override
    public NativeRequest iallreduce(ByteBuffer in, ByteBuffer out, int count) {
        try {
            return wrap(comm.iAllReduce(in, out, count, MPI.DOUBLE, MPI.SUM));
        } catch (MPIException e) {
            throw failed(e);
        }
    }
}
