import com.sun.jna.*;
import java.util.*;
import java.util.concurrent.locks.LockSupport;

/** What one wake-up of a thread that shares a core costs the computing thread on that core. */
public class WakeCost {
    public interface C extends Library {
        C I = Native.load("c", C.class);
        int sched_setaffinity(int pid, long size, long[] mask);
    }
    static void bind(int cpu) { long[] m = new long[16]; m[0] = 1L << cpu; if (C.I.sched_setaffinity(0, 128, m) != 0) throw new RuntimeException("aff"); }
    static volatile boolean stop; static volatile long sink; static volatile long wakes;
    /** ns per unit of work: the median of 9 blocks of `units` */
    static double work(int units) {
        long x = 1; long t0 = System.nanoTime();
        for (int u = 0; u < units; u++) for (int i = 0; i < 1000; i++) x = x * 6364136223846793005L + 1;
        sink = x; return (System.nanoTime() - t0);
    }
    public static void main(String[] args) throws Exception {
        String mode = args[0]; long periodUs = Long.parseLong(args[1]); int blocks = 400;
        bind(0);
        Thread helper = null;
        if (!mode.equals("none")) {
            helper = new Thread(() -> {
                bind(0);
                while (!stop) {
                    if (mode.equals("timer")) LockSupport.parkNanos(periodUs * 1000); else LockSupport.parkNanos(1_000_000_000L);
                    wakes++;
                }
            });
            helper.start();
        }
        if (mode.equals("ipi")) {
            final Thread h = helper;
            Thread waker = new Thread(() -> { bind(1); while (!stop) { LockSupport.parkNanos(periodUs * 1000); LockSupport.unpark(h); } });
            waker.setDaemon(true); waker.start();
        }
        for (int i = 0; i < 2000; i++) work(50);
        int units = 200;                                    // a block of work, a few hundred us
        long[] t = new long[blocks];
        long w0 = wakes;
        for (int b = 0; b < blocks; b++) {
            long t0 = System.nanoTime();
            if (mode.equals("unpark")) {
                // unpark every periodUs of work: split the block into chunks
                long end = t0; int done = 0;
                while (done < units) { work(10); done += 10; if (System.nanoTime() - end > periodUs * 1000) { LockSupport.unpark(helper); end = System.nanoTime(); } }
            } else work(units);
            t[b] = System.nanoTime() - t0;
        }
        long w = wakes - w0;
        stop = true; if (helper != null) { LockSupport.unpark(helper); helper.join(); }
        Arrays.sort(t); double total = Arrays.stream(t).sum();
        System.out.printf("%s period=%dus: block median %.1f us mean %.1f us, wakes %d (%.2f per block)%n", mode, periodUs, t[blocks/2]/1e3, total/blocks/1e3, w, (double) w / blocks);
    }
}
