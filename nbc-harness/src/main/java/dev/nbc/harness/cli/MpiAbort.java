package dev.nbc.harness.cli;

import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;

/**
 * Ends a whole MPI job from one of its processes ({@link RankGroup#abortAfter}), and runs a
 * whole MPI program ({@link #job}); only programs running over MPI load it.
 */
public final class MpiAbort {
    /** The exit code of the job, as picocli's for a failed command. */
    public static final int EXIT_FAILED = 1;

    private MpiAbort() {
    }

    /** The body of an MPI program, between MPI's initialisation and its finalisation. */
    @FunctionalInterface
    public interface Body<T> {
        T run(Mpi mpi) throws MpiException;
    }

    /**
     * Runs a whole MPI program: MPI initialised with THREAD_MULTIPLE the way {@code NBC_MPI} says
     * ({@link Mpi#init}), {@code body}, MPI finalised;
     * a failure of the body on any rank aborts the whole job ({@link #abortAfter}), since the other
     * ranks would wait for this one in a collective.
     */
    public static <T> T job(String program, Body<T> body) throws MpiException {
        Mpi mpi = Mpi.init(new String[0]);
        T result;
        try {
            result = body.run(mpi);
        } catch (RuntimeException | Error | MpiException failure) {
            abortAfter(mpi.world(), program, failure);
            throw failure;
        }
        mpi.close();
        return result;
    }

    /** Prints {@code failure} (with its stack trace: it is a bug or a broken machine) and aborts the job; never returns. */
    public static void abortAfter(MpiComm world, String program, Throwable failure) {
        System.out.flush();
        System.err.println(program + ": rank " + JobEnvironment.current().rank() + " failed, ending every rank of the job: " + failure);
        failure.printStackTrace();
        System.err.flush();
        try {
            world.abort(EXIT_FAILED);
        } catch (MpiException | RuntimeException e) {
            System.err.println(program + ": MPI_Abort failed too: " + e);
        }
        // MPI_Abort does not return; should it, this process must still never reach MPI_Finalize
        Runtime.getRuntime().halt(EXIT_FAILED);
    }
}
