package dev.nbc.ffm;

import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiRequest;

/** An MPI_Request, holding what MPI reads or writes (a buffer, native count arrays) reachable until it is done. */
final class FfmRequest implements MpiRequest {
    private long handle;
    private Object memory;

    FfmRequest(long handle, Object memory) {
        this.handle = handle;
        this.memory = memory;
    }

    @Override
    public boolean test() throws MpiException {
        Scratch scratch = withHandle();
        int code;
        try {
            code = (int) Library.TEST.invokeExact(scratch.address + Scratch.HANDLE, scratch.address + Scratch.INT,
                    Library.STATUS_IGNORE);
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        }
        if (code != Library.SUCCESS) {
            release();
            throw Calls.error(code, "MPI_Test");
        }
        if (scratch.intValue() == 0) {
            return false;
        }
        release();
        return true;
    }

    @Override
    public void await() throws MpiException {
        Scratch scratch = withHandle();
        try {
            Calls.invoke("MPI_Wait", () -> (int) Library.WAIT.invokeExact(scratch.address + Scratch.HANDLE, Library.STATUS_IGNORE));
        } finally {
            release();
        }
    }

    @Override
    public void cancel() throws MpiException {
        Scratch scratch = withHandle();
        Calls.invoke("MPI_Cancel", () -> (int) Library.CANCEL.invokeExact(scratch.address + Scratch.HANDLE));
    }

    /** MPI completes a freed operation on its own: its memory stays referenced by whoever gave it. */
    @Override
    public void free() throws MpiException {
        Scratch scratch = withHandle();
        handle = Library.REQUEST_NULL;
        Calls.invoke("MPI_Request_free", () -> (int) Library.REQUEST_FREE.invokeExact(scratch.address + Scratch.HANDLE));
    }

    /** This thread's scratch memory, holding this request's handle where MPI reads it. */
    private Scratch withHandle() {
        Scratch scratch = Scratch.get();
        scratch.putHandle(Scratch.HANDLE, handle, Library.REQUEST_SIZE);
        return scratch;
    }

    private void release() {
        handle = Library.REQUEST_NULL;
        memory = null;
    }
}
