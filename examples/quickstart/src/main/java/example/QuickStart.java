package example;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.request.Request;
import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiTransport;

import java.nio.ByteBuffer;

/**
 * nbc's quick start: every rank starts a non-blocking allreduce of n doubles, computes something
 * else while nbc's progress thread carries the collective, waits for it, checks every element
 * and prints one line. Run it with {@code scripts/nbcrun -np 2 -cp target/classes example.QuickStart}
 * from nbc's clone (see README.md, "Use nbc in your project"). The part between the markers is the
 * README's sample, verbatim (nbc's QuickStartReadmeTest checks it). Each rank prints its line with
 * one write ({@code print(String.format(...))}, not {@code printf}, which writes piece by piece), so
 * that the ranks' lines, which share mpirun's output, do not interleave.
 */
public final class QuickStart {
    private QuickStart() {
    }

    public static void main(String[] args) {
        if (!run(args)) {
            System.exit(1);
        }
    }

    /** The README's sample; true when this rank's result was correct. */
    static boolean run(String[] args) {
        // --- begin README sample
        int n = 1 << 16;                                               // doubles per rank
        boolean correct = true;
        try (Mpi mpi = Mpi.init(args);                                 // MPI_THREAD_MULTIPLE, checked; any MPI
             ProgressEngine engine = ProgressEngine.start();           // one progress thread per process
             Communicator comm = Communicator.create(engine, MpiTransport.create(mpi.world()))) {
            int rank = comm.rank(), p = comm.size();
            ByteBuffer local = Buffers.allocate(n, DataType.DOUBLE);   // direct, native byte order
            ByteBuffer sum = Buffers.allocate(n, DataType.DOUBLE);     // (Java arrays: comm.arrays())
            for (int i = 0; i < n; i++) local.putDouble(8 * i, rank + i);
            Request r = comm.iallreduce(local, sum, n, DataType.DOUBLE, ReduceOp.SUM);
            double work = computeSomethingElse();                      // the collective progresses meanwhile
            r.await();                                                 // or r.test(), r.future()
            for (int i = 0; i < n; i++) correct &= sum.getDouble(8 * i) == p * (p - 1) / 2.0 + (double) p * i;
            System.out.print(String.format("rank %d of %d: iallreduce %s, pi %.5f%n", rank, p, correct ? "ok" : "WRONG", work));
        }                                                              // closes the communicator, the engine, MPI
        // --- end README sample
        return correct;
    }

    /** The application's own work, done while the allreduce travels: pi by Leibniz's series. */
    private static double computeSomethingElse() {
        double quarter = 0;
        for (int k = 0; k < 2_000_000; k++) {
            quarter += (k % 2 == 0 ? 1.0 : -1.0) / (2 * k + 1);
        }
        return 4 * quarter;
    }
}
