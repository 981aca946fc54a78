package dev.nbc.core.transport.mpi;

/**
 * One way to reach MPI, found by {@link java.util.ServiceLoader}: Open MPI's Java bindings in
 * nbc-core, the Foreign Function and Memory API in nbc-ffm.
 */
public interface MpiProvider {

    /** "bindings" or "ffm": the value of {@link Mpi#VARIABLE} that chooses it. */
    String name();

    /** Null if this way can be used in this process, else why not (one sentence, what to do). */
    String available();

    /** Initialises MPI with MPI_THREAD_MULTIPLE, or checks the level of an MPI already running. */
    Mpi init(String[] args);
}
