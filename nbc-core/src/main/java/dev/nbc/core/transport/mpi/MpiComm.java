package dev.nbc.core.transport.mpi;

import java.nio.ByteBuffer;

/**
 * An MPI communicator, as nbc's MPI transport and tools use it: bytes in and out of direct
 * buffers, addressed by absolute offset (position and limit are ignored). Every communicator
 * made here returns errors as {@link MpiException}s (MPI_ERRORS_RETURN) rather than ending the
 * job; {@link Mpi#world()} is the application's and keeps the handler it has.
 */
public interface MpiComm {
    /** The source of {@link #receive} that matches a message from any rank (MPI_ANY_SOURCE). */
    int ANY_SOURCE = -1;

    /** The MPI library this communicator belongs to. */
    Mpi mpi();

    int rank();

    int size();

    /** MPI_Comm_dup, errors returned on the copy. Collective over the communicator. */
    MpiComm dup() throws MpiException;

    /**
     * MPI_Comm_split: the ranks with the same {@code color} form a communicator, ordered by
     * {@code key}; a negative color is MPI_UNDEFINED, for which the result is null. Errors
     * returned on the new one.
     */
    MpiComm split(int color, int key) throws MpiException;

    /**
     * MPI_Comm_split_type with MPI_COMM_TYPE_SHARED: the ranks that share this rank's node (its
     * memory), in this communicator's order, as the MPI library sees nodes. Errors returned on
     * the new one. Collective over the communicator.
     */
    MpiComm splitShared() throws MpiException;

    /** MPI_Comm_free. */
    void free() throws MpiException;

    /** MPI_Isend of bytes {@code [offset, offset + length)} to {@code peer}. */
    MpiRequest send(ByteBuffer buffer, int offset, int length, int peer, int tag) throws MpiException;

    /**
     * MPI_Issend of bytes {@code [offset, offset + length)} to {@code peer}: as {@link #send}, but
     * complete only once the receiver has matched it.
     */
    MpiRequest sendSynchronous(ByteBuffer buffer, int offset, int length, int peer, int tag) throws MpiException;

    /** MPI_Irecv into bytes {@code [offset, offset + length)} from {@code peer} (or {@link #ANY_SOURCE}). */
    MpiRequest receive(ByteBuffer buffer, int offset, int length, int peer, int tag) throws MpiException;

    /** MPI_Improbe for a message from any source with any tag: the message, or null if none has arrived. */
    MpiMessage improbe() throws MpiException;

    /** MPI_Ibarrier. */
    MpiRequest barrier() throws MpiException;

    /** MPI_Abort with {@code code}: ends every process of the job. */
    void abort(int code) throws MpiException;

    /** The MPI's own collectives on this communicator, nbc's baseline and reference. */
    MpiCollectives collectives();
}
