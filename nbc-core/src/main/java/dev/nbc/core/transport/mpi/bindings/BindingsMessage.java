package dev.nbc.core.transport.mpi.bindings;

import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiMessage;
import dev.nbc.core.transport.mpi.MpiRequest;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;

import java.nio.ByteBuffer;

/** A message of Open MPI's Java bindings matched by MPI_Improbe. */
record BindingsMessage(Message message, int source, int tag, int bytes) implements MpiMessage {

    @Override
    public MpiRequest receive(ByteBuffer buffer, int offset, int length) throws MpiException {
        try {
            ByteBuffer range = BindingsComm.range(buffer, offset, length);
            return new BindingsRequest(message.imRecv(range, length, MPI.BYTE), range);
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }
}
