import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.transport.mpi.MpiTransport;
import mpi.MPI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

public class ArHist {
    public static void main(String[] args) throws Exception {
        MpiTransport.initThreadMultiple(args);
        int count = Integer.parseInt(args[0]) / 8;
        String phase = args.length > 1 ? args[1] : "all";
        int n = 20000; int nprobe0;
        try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF);
             Communicator comm = Communicator.create(engine, MpiTransport.create(MPI.COMM_WORLD))) {
            ByteBuffer a = ByteBuffer.allocateDirect(count * 8).order(ByteOrder.nativeOrder());
            ByteBuffer b = ByteBuffer.allocateDirect(count * 8).order(ByteOrder.nativeOrder());
            ByteBuffer c = ByteBuffer.allocateDirect(count * 8).order(ByteOrder.nativeOrder());
            double[] start = new double[n]; double[] redAfterRead = new double[n]; double[] redOther = new double[n]; double[][] marks = new double[64][n]; int nprobe = 0; double[] redLocal = new double[n]; double[] redJava = new double[n]; double[] srTest = new double[n]; double[] pollCount = new double[n]; double[] ours = new double[n], theirs = new double[n], sr = new double[n];
            int peer = 1 - MPI.COMM_WORLD.getRank();
            for (int rep = 0; rep < 2; rep++) {
                for (int i = 0; i < n; i++) {
                    MPI.COMM_WORLD.barrier();
                    long t0 = System.nanoTime();
                    dev.nbc.core.request.Request rq = comm.iallreduce(a, b, count, DataType.DOUBLE, ReduceOp.SUM);
                    long ts = System.nanoTime();
                    rq.await();
                    long tend = System.nanoTime();
                    ours[i] = (tend - t0) / 1e3;

                    start[i] = (ts - t0) / 1e3;
                    MPI.COMM_WORLD.barrier();
                    t0 = System.nanoTime();
                    MPI.COMM_WORLD.iAllReduce(a, b, count, MPI.DOUBLE, MPI.SUM).waitFor();
                    theirs[i] = (System.nanoTime() - t0) / 1e3;
                    MPI.COMM_WORLD.barrier();
                    t0 = System.nanoTime();
                    mpi.Request r1 = MPI.COMM_WORLD.iRecv(c, count, MPI.DOUBLE, peer, 7);
                    mpi.Request r2 = MPI.COMM_WORLD.iSend(a, count, MPI.DOUBLE, peer, 7);
                    r2.waitFor(); r1.waitFor();
                    sr[i] = (System.nanoTime() - t0) / 1e3;
                    MPI.COMM_WORLD.barrier();
                    t0 = System.nanoTime();
                    mpi.Request q1 = MPI.COMM_WORLD.iRecv(c, count, MPI.DOUBLE, peer, 8);
                    mpi.Request q2 = MPI.COMM_WORLD.iSend(a, count, MPI.DOUBLE, peer, 8);
                    boolean d1 = false, d2 = false; int polls = 0;
                    while (!(d1 && d2)) { if (!d1) d1 = q1.test(); if (!d2) d2 = q2.test(); polls++; }
                    srTest[i] = (System.nanoTime() - t0) / 1e3;
                    pollCount[i] = polls;
                    MPI.COMM_WORLD.barrier();
                    // exchange from b (the peer reads b), then reduce c into b
                    mpi.Request e1 = MPI.COMM_WORLD.iRecv(c, count, MPI.DOUBLE, peer, 9);
                    mpi.Request e2 = MPI.COMM_WORLD.iSend(b, count, MPI.DOUBLE, peer, 9);
                    e2.waitFor(); e1.waitFor();
                    t0 = System.nanoTime();
                    mpi.Comm.reduceLocal(c.slice(0, count * 8), b.slice(0, count * 8), count, MPI.DOUBLE, MPI.SUM);
                    redAfterRead[i] = (System.nanoTime() - t0) / 1e3;
                    MPI.COMM_WORLD.barrier();
                    // exchange from a, then reduce c into b
                    e1 = MPI.COMM_WORLD.iRecv(c, count, MPI.DOUBLE, peer, 10);
                    e2 = MPI.COMM_WORLD.iSend(a, count, MPI.DOUBLE, peer, 10);
                    e2.waitFor(); e1.waitFor();
                    t0 = System.nanoTime();
                    mpi.Comm.reduceLocal(c.slice(0, count * 8), b.slice(0, count * 8), count, MPI.DOUBLE, MPI.SUM);
                    redOther[i] = (System.nanoTime() - t0) / 1e3;
                    t0 = System.nanoTime();
                    mpi.Comm.reduceLocal(a.slice(0, count * 8), c.slice(0, count * 8), count, MPI.DOUBLE, MPI.SUM);
                    redLocal[i] = (System.nanoTime() - t0) / 1e3;
                    t0 = System.nanoTime();
                    dev.nbc.core.datatype.ReduceOp.SUM.apply(DataType.DOUBLE, a, 0, c, 0, count, true);
                    redJava[i] = (System.nanoTime() - t0) / 1e3;
                }
            }
            if (MPI.COMM_WORLD.getRank() == 0) {
                print("nbc", ours);  print("nbc start", start); print("ompi", theirs); print("isend/irecv", sr); print("sr test()", srTest); print("polls", pollCount); print("reduce_local", redLocal); print("red after peer read", redAfterRead); print("red, peer read a", redOther); print("ReduceOp", redJava);
            }
        }
        MPI.Finalize();
    }
    static void print(String what, double[] v) {
        double[] s = v.clone(); Arrays.sort(s);
        double mean = Arrays.stream(s).average().orElse(0);
        System.out.printf("%-12s p10 %.1f p50 %.1f p75 %.1f p90 %.1f p95 %.1f p99 %.1f mean %.1f  frac>25us %.3f%n", what,
            s[s.length/10], s[s.length/2], s[s.length*3/4], s[s.length*9/10], s[s.length*95/100], s[s.length*99/100], mean,
            Arrays.stream(s).filter(x -> x > 25).count() / (double) s.length);
    }
}
