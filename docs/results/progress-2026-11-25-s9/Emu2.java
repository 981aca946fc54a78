import java.nio.ByteBuffer;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import dev.nbc.core.*;
import dev.nbc.core.datatype.*;
import dev.nbc.core.progress.*;
import dev.nbc.core.request.Request;
import dev.nbc.core.transport.inprocess.*;

public class Emu2 {
    static volatile long sink;
    static void spin(long ns){ long t0=System.nanoTime(); long x=sink|1; while(System.nanoTime()-t0<ns){ for(int i=0;i<50;i++) x=x*6364136223846793005L+1442695040888963407L;} sink=x; }
    static final AtomicInteger arrived = new AtomicInteger(); static volatile int gen;
    static void bar(){ int g=gen; if(arrived.incrementAndGet()==2){arrived.set(0); gen=g+1;} else while(gen==g) Thread.onSpinWait(); }
    public static void main(String[] a) throws Exception {
        int bytes = Integer.getInteger("bytes", 262144);
        int reps = Integer.getInteger("reps", 50);
        int rounds = Integer.getInteger("rounds", 5);
        long chunk = Long.getLong("chunk", 10000);
        String pol = System.getProperty("pol", "SHARED");
        EmulatedNetwork net = (Boolean.getBoolean("nonet") ? EmulatedNetwork.symmetric(0,0,0,0) : EmulatedNetwork.symmetric(20000, 2000, 2000, 0.5));
        try (InProcessWorld world = new InProcessWorld(2, net)) {
            ExecutorService ex = Executors.newFixedThreadPool(2);
            Future<?>[] fs = new Future<?>[2];
            for (int r = 0; r < 2; r++) {
                int rank = r;
                fs[r] = ex.submit(() -> {
                    try (ProgressEngine e = ProgressEngine.start(ProgressPolicy.valueOf(pol));
                         Communicator c = Communicator.create(e, world.transport(rank))) {
                        int n = bytes / 8;
                        ByteBuffer in = Buffers.allocate(n, DataType.DOUBLE), out = Buffers.allocate(n, DataType.DOUBLE);
                        boolean manual = pol.equals("MANUAL");
                        for (int round = 0; round < rounds; round++) {
                        double[] aw=new double[reps], st=new double[reps]; double[] tt=new double[reps], tmax=new double[reps]; double[] pure = new double[reps], overall = new double[reps], done = new double[reps], inrun=new double[reps];
                        for (int i = 0; i < reps; i++) { bar(); long t0 = System.nanoTime(); c.iallreduce(in, out, n, DataType.DOUBLE, ReduceOp.SUM).await(); pure[i] = System.nanoTime() - t0; }
                        double[] ps = pure.clone(); java.util.Arrays.sort(ps); long compute = (long) ps[reps / 2];
                        ProgressStatistics s0 = e.statistics();
                        for (int i = 0; i < reps; i++) {
                            bar();
                            long t0 = System.nanoTime();
                            Request q = c.iallreduce(in, out, n, DataType.DOUBLE, ReduceOp.SUM);
                            st[i]=System.nanoTime()-t0;
                            long left = compute; long seen = -1; long comp=0;
                            while (left > 0) { long ch = manual ? Math.min(chunk, left) : left; long c0=System.nanoTime(); spin(ch); comp+=System.nanoTime()-c0; left -= ch; if (manual) { long a0=System.nanoTime(); boolean ok=q.test(); long dt=System.nanoTime()-a0; tt[i]+=dt; if(dt>tmax[i]) tmax[i]=dt; if (seen < 0 && ok) seen = System.nanoTime() - t0; } }
                            long w0=System.nanoTime(); q.await(); aw[i]=System.nanoTime()-w0;
                            overall[i] = System.nanoTime() - t0; done[i] = seen; inrun[i]=comp;
                        }
                        double[] os = overall.clone(); java.util.Arrays.sort(os);
                        double[] cs = inrun.clone(); java.util.Arrays.sort(cs);
                        System.out.printf("rank %d round %d pure %.1f overall %.1f inrun %.1f osu %.0f %%  stats %s -> %s%n", rank, round, compute / 1e3, os[reps / 2] / 1e3, cs[reps/2]/1e3,
                            100 * Math.max(0, 1 - (os[reps / 2] - compute) / (double) compute), s0, e.statistics());
                        if (rank == 0 && Boolean.getBoolean("detail")) { StringBuilder sb = new StringBuilder(); for (int i = 0; i < Math.min(reps, 12); i++) sb.append(String.format(" [%.0f %.0f %.0f t%.0f m%.0f a%.0f s%.0f]", pure[i]/1e3, overall[i]/1e3, done[i]/1e3, tt[i]/1e3, tmax[i]/1e3, aw[i]/1e3, st[i]/1e3)); System.out.println(sb); }
                        }
                    }
                    return null;
                });
            }
            for (Future<?> f : fs) f.get();
            ex.shutdown();
        }
    }
}
