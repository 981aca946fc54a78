import java.nio.ByteBuffer;
import dev.nbc.core.*;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.progress.*;
import dev.nbc.core.transport.mpi.MpiTransport;
import mpi.*;

public class Loop {
    public static void main(String[] argv) throws Exception {
        String[] args = System.getProperty("loop", "bcast").split(",");
        MpiTransport.initThreadMultiple(argv);
        int rank = MPI.COMM_WORLD.getRank();
        String coll = args.length > 0 ? args[0] : "bcast";
        int iters = args.length > 4 ? Integer.parseInt(args[4]) : 20000;
        ByteBuffer buf = Buffers.allocate(1, DataType.DOUBLE);
        ByteBuffer out = Buffers.allocate(1, DataType.DOUBLE);
        ProgressEngine shared = ProgressEngine.start(ProgressPolicy.SHARED);
        ProgressEngine manual = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF);
        Communicator cs = Communicator.create(shared, MpiTransport.create(MPI.COMM_WORLD));
        Communicator cm = Communicator.create(manual, MpiTransport.create(MPI.COMM_WORLD));
        String[] names = {"ompi", "manual", "shared", "rawp2p", "blocking"};
        Comm dup = MPI.COMM_WORLD.dup();
        double[][] res = new double[5][args.length > 2 ? Integer.parseInt(args[2]) : 12];
        double[] t = new double[1];
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 12;
        for (int rep = 0; rep < reps; rep++) {
            for (int v = 0; v < 5; v++) {
                if (args.length > 1 && !args[1].contains(names[v])) continue;
                if (Integer.getInteger("sleepms", 0) > 0) { System.gc(); Thread.sleep(Integer.getInteger("sleepms", 0)); }
                MPI.COMM_WORLD.barrier();
                long t0 = System.nanoTime();
                long gapNs = Integer.getInteger("gapus", 0) * 1000L;
                long busyNs = 0;
                for (int i = 0; i < iters; i++) {
                    if (gapNs > 0) { long g0 = System.nanoTime(); while (System.nanoTime() - g0 < gapNs) { } busyNs += System.nanoTime() - g0; }
                    if (v == 3) {
                        if (coll.equals("bcast")) { mpi.Request r = rank == 0 ? dup.iSend(buf, 8, MPI.BYTE, 1, 5) : dup.iRecv(buf, 8, MPI.BYTE, 0, 5); while (!r.test()) {} }
                    } else if (v == 4) {
                        if (coll.equals("bcast")) MPI.COMM_WORLD.bcast(buf, 1, MPI.DOUBLE, 0);
                        else if (coll.equals("barrier")) MPI.COMM_WORLD.barrier();
                        else MPI.COMM_WORLD.allReduce(buf, out, 1, MPI.DOUBLE, MPI.SUM);
                    } else if (v == 0) {
                        if (coll.equals("bcast")) MPI.COMM_WORLD.iBcast(buf, 1, MPI.DOUBLE, 0).waitFor();
                        else if (coll.equals("barrier")) MPI.COMM_WORLD.iBarrier().waitFor();
                        else MPI.COMM_WORLD.iAllReduce(buf, out, 1, MPI.DOUBLE, MPI.SUM).waitFor();
                    } else {
                        Communicator c = v == 1 ? cm : cs;
                        if (v == 2 && i == 0 && args.length > 3 && args[3].equals("fresh")) { cs.close(); shared.close(); shared = ProgressEngine.start(ProgressPolicy.SHARED); cs = Communicator.create(shared, MpiTransport.create(MPI.COMM_WORLD)); c = cs; MPI.COMM_WORLD.barrier(); t0 = System.nanoTime(); }
                        if (coll.equals("bcast")) c.ibcast(buf, 1, DataType.DOUBLE, 0).await();
                        else if (coll.equals("barrier")) c.ibarrier().await();
                        else c.iallreduce(buf, out, 1, DataType.DOUBLE, dev.nbc.core.datatype.ReduceOp.SUM).await();
                    }
                }
                t[0] = (System.nanoTime() - t0 - busyNs) / 1e3 / iters;
                if (Boolean.getBoolean("perrank")) System.out.printf("rank %d %s rep %d: %.3f%n", rank, names[v], rep, t[0]);
                MPI.COMM_WORLD.allReduce(t, 1, MPI.DOUBLE, MPI.MAX);
                res[v][rep] = t[0];
            }
        }
        if (Boolean.getBoolean("allstats")) System.out.println("rank " + rank + " " + shared.statistics());
        if (rank == 0) {
            for (int v = 0; v < 5; v++) {
                if (args.length > 1 && !args[1].contains(names[v])) continue;
                double[] r = res[v].clone(); java.util.Arrays.sort(r); int n = r.length;
                System.out.printf("%-7s median %.3f  min %.3f  max %.3f us/op  x_blocking(median of per-rep ratios) %.2f%n", names[v], r[n/2], r[0], r[n-1], ratio(res[v], res[4]));
            }
            System.out.println(shared.statistics());
        }
        cs.close(); cm.close(); shared.close(); manual.close();
        MPI.Finalize();
    }
    static double ratio(double[] a, double[] b) { double[] r = new double[a.length]; for (int i = 0; i < a.length; i++) r[i] = a[i] / b[i]; java.util.Arrays.sort(r); return r[r.length / 2]; }
}
