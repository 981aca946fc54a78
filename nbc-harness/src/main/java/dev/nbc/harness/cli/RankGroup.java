package dev.nbc.harness.cli;

/**
 * The ranks of one run, processes of an MPI job or threads of this JVM, as far as starting and
 * ending the run goes (see {@link RankRuns}).
 */
public interface RankGroup extends AutoCloseable {

    /** True in the one process that prints and writes results: MPI world rank 0; always in-process. */
    boolean leader();

    /** The leader's value in every process (MPI: a broadcast), so that all decide and exit alike. */
    int agree(int value);

    /**
     * Ends the run after {@code failure} in this process. Over MPI it aborts the whole job and does
     * not return: the peers may be blocked in a collective this process will never join, and
     * MPI_Finalize would wait for them forever. In-process it returns, and the failure propagates.
     */
    void abortAfter(Throwable failure);

    /** Ends a run that went well (MPI: finalises). */
    @Override
    void close();
}
