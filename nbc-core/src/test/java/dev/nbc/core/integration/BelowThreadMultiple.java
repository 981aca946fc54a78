package dev.nbc.core.integration;

import dev.nbc.core.transport.mpi.bindings.BindingsMpi;
import dev.nbc.core.transport.mpi.MpiTransport;
import mpi.MPI;
import mpi.MPIException;

/**
 * Runs on MPI ranks (through scripts/nbcrun) a program that initialises MPI below
 * {@code MPI.THREAD_MULTIPLE} and then asks for an {@link MpiTransport}. Each rank prints
 * {@code REFUSED rank=R <message>} when {@code create} throws IllegalStateException, or
 * {@code ACCEPTED rank=R} when it does not, then finalises MPI (a refusal leaves nothing half
 * made) and exits 0 after a refusal, 1 after an acceptance.
 * Argument: init (a plain {@code MPI.Init}) or serialized ({@code MPI.InitThread} at
 * {@code MPI.THREAD_SERIALIZED}).
 */
public final class BelowThreadMultiple {
    private BelowThreadMultiple() {
    }

    public static void main(String[] args) throws MPIException {
        if (args[0].equals("init")) {
            MPI.Init(new String[0]);
        } else {
            MPI.InitThread(new String[0], MPI.THREAD_SERIALIZED);
        }
        int rank = MPI.COMM_WORLD.getRank();
        boolean refused;
        try (MpiTransport transport = MpiTransport.create(BindingsMpi.wrap(MPI.COMM_WORLD))) {
            System.out.println("ACCEPTED rank=" + rank);
            refused = false;
        } catch (IllegalStateException e) {
            System.out.println("REFUSED rank=" + rank + " " + e.getMessage());
            refused = true;
        }
        System.out.flush();
        MPI.Finalize();
        System.exit(refused ? 0 : 1);
    }
}
