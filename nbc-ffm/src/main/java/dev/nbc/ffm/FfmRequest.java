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
        Scratch scratch = Scratch.get();
        scratch.putHandle(Scratch.HANDLE, handle, Library.REQUEST_SIZE);
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
        Scratch scratch = Scratch.get();
        scratch.putHandle(Scratch.HANDLE, handle, Library.REQUEST_SIZE);
        int code;
        try {
            code = (int) Library.WAIT.invokeExact(scratch.address + Scratch.HANDLE, Library.STATUS_IGNORE);
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        }
        release();
        Calls.check(code, "MPI_Wait");
    }

    @Override
    public void cancel() throws MpiException {
        Scratch scratch = Scratch.get();
        scratch.putHandle(Scratch.HANDLE, handle, Library.REQUEST_SIZE);
        try {
            Calls.check((int) Library.CANCEL.invokeExact(scratch.address + Scratch.HANDLE), "MPI_Cancel");
        } catch (MpiException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        }
    }

    @Override
    public void free() throws MpiException {
        Scratch scratch = Scratch.get();
        scratch.putHandle(Scratch.HANDLE, handle, Library.REQUEST_SIZE);
        int code;
        try {
            code = (int) Library.REQUEST_FREE.invokeExact(scratch.address + Scratch.HANDLE);
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        }
        // MPI completes a freed operation on its own: its memory stays referenced by whoever gave it.
        handle = Library.REQUEST_NULL;
        Calls.check(code, "MPI_Request_free");
    }

    private void release() {
        handle = Library.REQUEST_NULL;
        memory = null;
    }
}
