import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicReference;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * scripts/setup's proof that the MPI stack works for nbc, run on 2 ranks as a single-file source
 * program ({@code mpirun -np 2 java -cp mpi.jar scripts/check/MpiThreadCheck.java}) so that it
 * needs no Maven build. It asks for MPI.THREAD_MULTIPLE, fails loudly if that is not granted (nbc's
 * progress thread calls MPI while the application thread does), and then has two threads per rank
 * exchange messages at the same time on different tags, which is what nbc does.
 */
public final class MpiThreadCheck {
    public static void main(String[] args) throws Exception {
        int provided = MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (provided != MPI.THREAD_MULTIPLE) {
            System.out.println("MpiThreadCheck: FAILED on rank " + rank + ": asked for MPI.THREAD_MULTIPLE ("
                    + MPI.THREAD_MULTIPLE + ") but Open MPI granted only level " + provided
                    + "; nbc needs an Open MPI built with MPI_THREAD_MULTIPLE support");
            MPI.Finalize();
            System.exit(1);
        }
        int peer = (rank + 1) % size;
        int from = (rank + size - 1) % size;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread second = new Thread(() -> {
            try {
                exchange(rank, peer, from, 2);
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "second-mpi-thread");
        second.start();
        exchange(rank, peer, from, 1);
        second.join();
        if (failure.get() != null) {
            throw new IllegalStateException("the second thread's exchange failed", failure.get());
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("MpiThreadCheck: OK: " + size + " ranks, MPI.THREAD_MULTIPLE granted, "
                    + "two threads per rank exchanged messages; " + MPI.getLibVersion().lines().findFirst().orElse(""));
        }
        MPI.Finalize();
    }

    /** Sends 1000 ints around the ring on {@code tag} and checks what arrives. */
    private static void exchange(int rank, int peer, int from, int tag) throws MPIException {
        int n = 1000;
        ByteBuffer out = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder());
        ByteBuffer in = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder());
        for (int i = 0; i < n; i++) {
            out.putInt(4 * i, rank * 1_000_000 + tag * 10_000 + i);
        }
        Request receive = MPI.COMM_WORLD.iRecv(in, 4 * n, MPI.BYTE, from, tag);
        Request send = MPI.COMM_WORLD.iSend(out, 4 * n, MPI.BYTE, peer, tag);
        receive.waitFor();
        send.waitFor();
        for (int i = 0; i < n; i++) {
            int expected = from * 1_000_000 + tag * 10_000 + i;
            if (in.getInt(4 * i) != expected) {
                throw new IllegalStateException("rank " + rank + ", tag " + tag + ": int " + i + " is "
                        + in.getInt(4 * i) + ", expected " + expected);
            }
        }
    }
}
