import com.sun.jna.*;
import java.util.*;
import java.util.concurrent.locks.LockSupport;
import java.nio.file.*;

public class Wake {
    public interface C extends Library {
        C I = Native.load("c", C.class);
        int sched_setaffinity(int pid, long size, long[] mask);
        long syscall(long number, Object... args);
        int setpriority(int which, int who, int prio);
    }
    static void bind(int cpu) { long[] m = new long[16]; m[0] = 1L << cpu; if (C.I.sched_setaffinity(0, 128, m) != 0) throw new RuntimeException("aff"); }
    static void slice(long ns) {
        Memory a = new Memory(56); a.clear();
        a.setInt(0, 56); a.setInt(4, 0); a.setLong(8, 0); a.setInt(16, 0); a.setInt(20, 0); a.setLong(24, ns);
        long r = C.I.syscall(314, 0, a, 0);
        if (r != 0) System.err.println("sched_setattr failed " + r + " errno " + Native.getLastError());
    }
    static void slack() { try { String self = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString(); Files.writeString(Path.of("/proc/" + self + "/timerslack_ns"), "1000"); } catch (Exception e) { throw new RuntimeException(e); } }
    static volatile boolean stop; static volatile long sink;
    public static void main(String[] args) throws Exception {
        long sliceNs = Long.parseLong(args[0]); int nice = Integer.parseInt(args[1]); long sleepUs = Long.parseLong(args[2]);
        Thread comp = new Thread(() -> { bind(0); long x = 1; while (!stop) { for (int i = 0; i < 100000; i++) x = x * 6364136223846793005L + 1; sink = x; } });
        if (args.length < 4) comp.start();
        long[] late = new long[2000];
        Thread w = new Thread(() -> {
            bind(0); slack();
            if (sliceNs > 0) slice(sliceNs);
            if (nice != 0) { int r = C.I.setpriority(0, 0, nice); if (r != 0) System.err.println("setpriority failed " + Native.getLastError()); }
            for (int i = 0; i < late.length; i++) {
                long t0 = System.nanoTime();
                LockSupport.parkNanos(sleepUs * 1000);
                late[i] = System.nanoTime() - t0 - sleepUs * 1000;
            }
        });
        w.start(); w.join(); stop = true; if (args.length < 4) comp.join();
        long[] s = late.clone(); Arrays.sort(s);
        double mean = Arrays.stream(late).average().orElse(0);
        System.out.printf("slice=%d nice=%d sleep=%dus: late p50 %.1f p90 %.1f p99 %.1f max %.1f mean %.1f us%n", sliceNs, nice, sleepUs, s[s.length/2]/1e3, s[s.length*9/10]/1e3, s[s.length*99/100]/1e3, s[s.length-1]/1e3, mean/1e3);
    }
}
