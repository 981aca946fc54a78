package dev.nbc.core.transport.mpi;

/**
 * One non-blocking MPI operation. Once {@link #test()} has returned true or thrown, MPI has
 * released the request: it must not be tested, cancelled or freed again.
 */
public interface MpiRequest {

    /**
     * MPI_Test: true once the operation is complete.
     *
     * @throws MpiException if it completed with an error (MPI has released it then too)
     */
    boolean test() throws MpiException;

    /**
     * MPI_Wait: returns once the operation is complete, progressing it inside MPI.
     *
     * @throws MpiException if it completed with an error
     */
    void await() throws MpiException;

    /** MPI_Cancel; a later {@link #test()} completes it, cancelled or done. */
    void cancel() throws MpiException;

    /** MPI_Request_free: MPI completes the operation on its own; its memory must stay untouched. */
    void free() throws MpiException;
}
