package dev.nbc.core.transport.mpi;

import java.nio.ByteBuffer;

/**
 * A message a matched probe ({@link MpiComm#improbe}) took out of MPI's matching: it can only be
 * received through this handle, into memory of its sender's size or more.
 */
public interface MpiMessage {

    int source();

    int tag();

    /** Its length in bytes. */
    int bytes();

    /** MPI_Imrecv of the message into bytes {@code [offset, offset + length)} of a direct buffer. */
    MpiRequest receive(ByteBuffer buffer, int offset, int length) throws MpiException;
}
