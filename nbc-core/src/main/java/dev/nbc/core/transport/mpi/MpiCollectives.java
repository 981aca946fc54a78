package dev.nbc.core.transport.mpi;

/**
 * The MPI library's own collectives on one communicator: the baseline nbc's benchmark compares
 * with, and the reference its tests compare with byte for byte.
 */
public interface MpiCollectives {

    /** Starts the library's non-blocking collective (MPI_Iallreduce, MPI_Ibcast, ...). */
    MpiRequest start(OwnCollective call) throws MpiException;

    /** Runs the library's blocking collective (MPI_Allreduce, ...), whose algorithms may differ. */
    void run(OwnCollective call) throws MpiException;
}
