package dev.nbc.ffm;

import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiMessage;
import dev.nbc.core.transport.mpi.MpiRequest;

import java.nio.ByteBuffer;

/** An MPI_Message a probe matched. */
record FfmMessage(long handle, int source, int tag, int bytes) implements MpiMessage {

    @Override
    public MpiRequest receive(ByteBuffer buffer, int offset, int length) throws MpiException {
        Scratch scratch = Scratch.get();
        scratch.putHandle(Scratch.SECOND_HANDLE, handle, Library.MESSAGE_SIZE);
        int code;
        try {
            code = (int) Library.IMRECV.invokeExact(FfmMpi.address(buffer, offset), length, Library.BYTE,
                    scratch.address + Scratch.SECOND_HANDLE, scratch.address + Scratch.HANDLE);
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        }
        Calls.check(code, "MPI_Imrecv");
        return new FfmRequest(scratch.handle(Scratch.HANDLE, Library.REQUEST_SIZE), buffer);
    }
}
