package dev.nbc.core.transport.mpi.bindings;

import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiCollectives;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiMessage;
import dev.nbc.core.transport.mpi.MpiRequest;
import dev.nbc.core.transport.mpi.RankedComm;
import mpi.Comm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Status;

import java.nio.ByteBuffer;

/** A communicator of Open MPI's Java bindings. */
final class BindingsComm extends RankedComm {
    private final Comm comm;

    BindingsComm(Comm comm) {
        super(rankOf(comm), sizeOf(comm));
        this.comm = comm;
    }

    private static int rankOf(Comm comm) {
        try {
            return comm.getRank();
        } catch (MPIException e) {
            throw new IllegalStateException("MPI_Comm_rank failed: " + e.getMessage(), e);
        }
    }

    private static int sizeOf(Comm comm) {
        try {
            return comm.getSize();
        } catch (MPIException e) {
            throw new IllegalStateException("MPI_Comm_size failed: " + e.getMessage(), e);
        }
    }

    @Override
    public Mpi mpi() {
        return BindingsMpi.instance();
    }


    @Override
    public MpiComm dup() throws MpiException {
        try {
            return returningErrors(comm.dup());
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    @Override
    public MpiComm split(int color, int key) throws MpiException {
        try {
            Comm part = intracomm().split(color < 0 ? MPI.UNDEFINED : color, key);
            return color < 0 ? null : returningErrors(part);
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    @Override
    public MpiComm splitShared() throws MpiException {
        try {
            return returningErrors(intracomm().splitType(Comm.TYPE_SHARED, rank(), MPI.INFO_NULL));
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    private static MpiComm returningErrors(Comm made) throws MPIException {
        try {
            made.setErrhandler(MPI.ERRORS_RETURN);
            return new BindingsComm(made);
        } catch (MPIException e) {
            made.free();
            throw e;
        }
    }

    @Override
    public void free() throws MpiException {
        try {
            comm.free();
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    @Override
    public MpiRequest send(ByteBuffer buffer, int offset, int length, int peer, int tag) throws MpiException {
        return send(buffer, offset, length, peer, tag, false);
    }

    @Override
    public MpiRequest sendSynchronous(ByteBuffer buffer, int offset, int length, int peer, int tag) throws MpiException {
        return send(buffer, offset, length, peer, tag, true);
    }

    private MpiRequest send(ByteBuffer buffer, int offset, int length, int peer, int tag, boolean synchronous)
            throws MpiException {
        try {
            ByteBuffer range = range(buffer, offset, length);
            return new BindingsRequest(synchronous ? comm.isSend(range, length, MPI.BYTE, peer, tag)
                    : comm.iSend(range, length, MPI.BYTE, peer, tag), range);
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    @Override
    public MpiRequest receive(ByteBuffer buffer, int offset, int length, int peer, int tag) throws MpiException {
        try {
            ByteBuffer range = range(buffer, offset, length);
            int source = peer == ANY_SOURCE ? MPI.ANY_SOURCE : peer;
            return new BindingsRequest(comm.iRecv(range, length, MPI.BYTE, source, tag), range);
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    @Override
    public MpiMessage improbe() throws MpiException {
        try {
            Message message = new Message();
            Status status = message.imProbe(MPI.ANY_SOURCE, MPI.ANY_TAG, comm);
            return status == null ? null
                    : new BindingsMessage(message, status.getSource(), status.getTag(), status.getCount(MPI.BYTE));
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    @Override
    public MpiRequest barrier() throws MpiException {
        try {
            return new BindingsRequest(intracomm().iBarrier(), null);
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    @Override
    public void abort(int code) throws MpiException {
        try {
            comm.abort(code);
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    @Override
    public MpiCollectives collectives() {
        return new BindingsCollectives(intracomm());
    }

    private Intracomm intracomm() {
        if (comm instanceof Intracomm intracomm) {
            return intracomm;
        }
        throw new IllegalStateException("an intercommunicator has no collectives here");
    }

    /** The memory MPI is given for {@code length} bytes at {@code offset}: it sees the buffer's base address. */
    static ByteBuffer range(ByteBuffer buffer, int offset, int length) {
        return offset == 0 ? buffer : buffer.slice(offset, length);
    }
}
