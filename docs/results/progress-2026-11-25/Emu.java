import java.nio.ByteBuffer;
import java.util.concurrent.*;
import dev.nbc.core.*;
import dev.nbc.core.datatype.*;
import dev.nbc.core.progress.*;
import dev.nbc.core.request.Request;
import dev.nbc.core.transport.inprocess.*;

/** 2 in-process ranks, emulated network; start allreduce; compute ~pure; await. Prints overall vs pure and engine stats. */
public class Emu {
    public static void main(String[] a) throws Exception {
        int bytes = Integer.getInteger("bytes", 262144);
        int reps = Integer.getInteger("reps", 200);
        EmulatedNetwork net = EmulatedNetwork.symmetric(20e-6, 2e-6, 2e-6, 0.5e-9);
        boolean sync = Boolean.getBoolean("barrier");
        CyclicBarrier barrier = new CyclicBarrier(2);
        try (InProcessWorld world = new InProcessWorld(2, net)) {
            ExecutorService ex = Executors.newFixedThreadPool(2);
            Future<?>[] fs = new Future<?>[2];
            for (int r = 0; r < 2; r++) {
                int rank = r;
                fs[r] = ex.submit(() -> {
                    try (ProgressEngine e = ProgressEngine.start(ProgressPolicy.valueOf(System.getProperty("pol", "SHARED")));
                         Communicator c = Communicator.create(e, world.transport(rank))) {
                        int n = bytes / 8;
                        ByteBuffer in = Buffers.allocate(n, DataType.DOUBLE), out = Buffers.allocate(n, DataType.DOUBLE);
                        double[] pure = new double[reps], overall = new double[reps];
                        for (int i = 0; i < reps; i++) { if (sync) barrier.await(); long t0 = System.nanoTime(); c.iallreduce(in, out, n, DataType.DOUBLE, ReduceOp.SUM).await(); pure[i] = System.nanoTime() - t0; }
                        java.util.Arrays.sort(pure); long compute = (long) pure[reps / 2];
                        ProgressStatistics s0 = e.statistics();
                        try { var pf = ProgressEngine.class.getDeclaredField("presence"); pf.setAccessible(true); Object p = pf.get(e);
                              StringBuilder sb = new StringBuilder("rank " + rank + " presence:");
                              for (var f : p.getClass().getDeclaredFields()) { if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) continue; f.setAccessible(true); sb.append(' ').append(f.getName()).append('=').append(f.get(p)); }
                              System.out.println(sb); } catch (Exception ex2) { ex2.printStackTrace(); }
                        for (int i = 0; i < reps; i++) {
                            if (sync) barrier.await();
                            long t0 = System.nanoTime();
                            Request q = c.iallreduce(in, out, n, DataType.DOUBLE, ReduceOp.SUM);
                            while (System.nanoTime() - t0 < compute) { }
                            q.await();
                            overall[i] = System.nanoTime() - t0;
                        }
                        java.util.Arrays.sort(overall);
                        System.out.printf("rank %d pure %.1f us overall %.1f us overlap(osu) %.0f %% stats before %s after %s%n", rank, compute / 1e3, overall[reps / 2] / 1e3,
                            100 * Math.max(0, 1 - (overall[reps / 2] - compute) / (double) compute), s0, e.statistics());
                    }
                    return null;
                });
            }
            for (Future<?> f : fs) f.get();
            ex.shutdown();
        }
    }
}
