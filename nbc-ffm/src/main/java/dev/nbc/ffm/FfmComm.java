package dev.nbc.ffm;

import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiCollectives;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiMessage;
import dev.nbc.core.transport.mpi.MpiRequest;
import dev.nbc.core.transport.mpi.RankedComm;

import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

/** An MPI_Comm of the library reached through FFM. */
final class FfmComm extends RankedComm {
    private final long handle;

    FfmComm(long handle) throws MpiException {
        super(query(Library.COMM_RANK, "MPI_Comm_rank", handle), query(Library.COMM_SIZE_OF, "MPI_Comm_size", handle));
        this.handle = handle;
    }

    /** MPI_Comm_rank or MPI_Comm_size of {@code handle}. */
    private static int query(MethodHandle function, String name, long handle) throws MpiException {
        Scratch scratch = Scratch.get();
        Calls.invoke(name, () -> (int) function.invokeExact(handle, scratch.address + Scratch.INT));
        return scratch.intValue();
    }

    long handle() {
        return handle;
    }

    @Override
    public Mpi mpi() {
        return FfmMpi.instance();
    }


    @Override
    public MpiComm dup() throws MpiException {
        Scratch scratch = Scratch.get();
        Calls.invoke("MPI_Comm_dup", () -> (int) Library.COMM_DUP.invokeExact(handle, scratch.address + Scratch.HANDLE));
        return returningErrors(scratch.handle(Scratch.HANDLE, Library.COMM_SIZE));
    }

    @Override
    public MpiComm split(int color, int key) throws MpiException {
        Scratch scratch = Scratch.get();
        int mpiColor = color < 0 ? Library.UNDEFINED : color;
        Calls.invoke("MPI_Comm_split",
                () -> (int) Library.COMM_SPLIT.invokeExact(handle, mpiColor, key, scratch.address + Scratch.HANDLE));
        long made = scratch.handle(Scratch.HANDLE, Library.COMM_SIZE);
        return made == Library.COMM_NULL ? null : returningErrors(made);
    }

    @Override
    public MpiComm splitShared() throws MpiException {
        Scratch scratch = Scratch.get();
        Calls.invoke("MPI_Comm_split_type", () -> (int) Library.COMM_SPLIT_TYPE.invokeExact(handle, Library.COMM_TYPE_SHARED,
                rank(), Library.INFO_NULL, scratch.address + Scratch.HANDLE));
        return returningErrors(scratch.handle(Scratch.HANDLE, Library.COMM_SIZE));
    }

    private static MpiComm returningErrors(long made) throws MpiException {
        Calls.invoke("MPI_Comm_set_errhandler",
                () -> (int) Library.COMM_SET_ERRHANDLER.invokeExact(made, Library.ERRORS_RETURN));
        return new FfmComm(made);
    }

    @Override
    public void free() throws MpiException {
        Scratch scratch = Scratch.get();
        scratch.putHandle(Scratch.HANDLE, handle, Library.COMM_SIZE);
        Calls.invoke("MPI_Comm_free", () -> (int) Library.COMM_FREE.invokeExact(scratch.address + Scratch.HANDLE));
    }

    @Override
    public MpiRequest send(ByteBuffer buffer, int offset, int length, int peer, int tag) throws MpiException {
        return send(false, buffer, offset, length, peer, tag);
    }

    @Override
    public MpiRequest sendSynchronous(ByteBuffer buffer, int offset, int length, int peer, int tag) throws MpiException {
        return send(true, buffer, offset, length, peer, tag);
    }

    /**
     * MPI_Isend or MPI_Issend. Each downcall names its handle, a constant, at its own call site: a
     * handle passed in as an argument is a constant only where the JIT inlines this method into
     * its caller, and deep in the engine's call tree it did not (PrintInlining: "callee is too
     * large"), so that the call went through the handle's generic invoker.
     */
    private MpiRequest send(boolean synchronous, ByteBuffer buffer, int offset, int length, int peer, int tag)
            throws MpiException {
        Scratch scratch = Scratch.get();
        long address = FfmMpi.address(buffer, offset);
        long requestOut = scratch.address + Scratch.HANDLE;
        int code;
        try {
            code = synchronous
                    ? (int) Library.ISSEND.invokeExact(address, length, Library.BYTE, peer, tag, handle, requestOut)
                    : (int) Library.ISEND.invokeExact(address, length, Library.BYTE, peer, tag, handle, requestOut);
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        }
        Calls.check(code, synchronous ? "MPI_Issend" : "MPI_Isend");
        return new FfmRequest(scratch.handle(Scratch.HANDLE, Library.REQUEST_SIZE), buffer);
    }

    @Override
    public MpiRequest receive(ByteBuffer buffer, int offset, int length, int peer, int tag) throws MpiException {
        Scratch scratch = Scratch.get();
        int code;
        try {
            code = (int) Library.IRECV.invokeExact(FfmMpi.address(buffer, offset), length, Library.BYTE,
                    peer == ANY_SOURCE ? Library.ANY_SOURCE : peer, tag, handle, scratch.address + Scratch.HANDLE);
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        }
        Calls.check(code, "MPI_Irecv");
        return new FfmRequest(scratch.handle(Scratch.HANDLE, Library.REQUEST_SIZE), buffer);
    }

    @Override
    public MpiMessage improbe() throws MpiException {
        Scratch scratch = Scratch.get();
        int code;
        try {
            code = (int) Library.IMPROBE.invokeExact(Library.ANY_SOURCE, Library.ANY_TAG, handle, scratch.address + Scratch.INT,
                    scratch.address + Scratch.SECOND_HANDLE, scratch.address + Scratch.STATUS);
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        }
        Calls.check(code, "MPI_Improbe");
        if (scratch.intValue() == 0) {
            return null;
        }
        long message = scratch.handle(Scratch.SECOND_HANDLE, Library.MESSAGE_SIZE);
        int source = scratch.statusField(Library.STATUS_SOURCE);
        int tag = scratch.statusField(Library.STATUS_TAG);
        try {
            code = (int) Library.GET_COUNT.invokeExact(scratch.address + Scratch.STATUS, Library.BYTE,
                    scratch.address + Scratch.INT);
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        }
        Calls.check(code, "MPI_Get_count");
        return new FfmMessage(message, source, tag, scratch.intValue());
    }

    @Override
    public MpiRequest barrier() throws MpiException {
        Scratch scratch = Scratch.get();
        Calls.invoke("MPI_Ibarrier", () -> (int) Library.IBARRIER.invokeExact(handle, scratch.address + Scratch.HANDLE));
        return new FfmRequest(scratch.handle(Scratch.HANDLE, Library.REQUEST_SIZE), null);
    }

    @Override
    public void abort(int code) throws MpiException {
        Calls.invoke("MPI_Abort", () -> (int) Library.ABORT.invokeExact(handle, code));
    }

    @Override
    public MpiCollectives collectives() {
        return new FfmCollectives(this);
    }
}
