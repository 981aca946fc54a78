package dev.nbc.bench.cpu;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The process's user and system CPU time from {@code /proc/self/stat} (fields 14 utime and 15
 * stime, in clock ticks of {@code getconf CLK_TCK}, 100 on this machine: 10 ms resolution), the
 * equivalent of the paper's getrusage(). Also the JVM's own process CPU time in nanoseconds
 * (com.sun.management.OperatingSystemMXBean) as a finer cross-check. It covers every thread of
 * the process: the application, nbc's progress thread, and the JVM's JIT and GC threads.
 */
public final class ProcessCpu {
    private static final Path STAT = Path.of("/proc/self/stat");
    private static final long CLK_TCK = readClockTicks();

    private ProcessCpu() {
    }

    /** Clock ticks per second: {@code getconf CLK_TCK}, 100 if that cannot be run. */
    public static long clockTicks() {
        return CLK_TCK;
    }

    private static long readClockTicks() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return Long.parseLong(out);
            }
        } catch (IOException | NumberFormatException e) {
            // fall through to the Linux default
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 100;
    }

    /** True where /proc/self/stat can be read (Linux). */
    public static boolean available() {
        return Files.isReadable(STAT);
    }

    /** {utime, stime} in nanoseconds (tick resolution), or {-1, -1}. */
    public static long[] userSystemNanos() {
        try {
            return parseStat(Files.readString(STAT), CLK_TCK);
        } catch (IOException | RuntimeException e) {
            return new long[] {-1, -1};
        }
    }

    /**
     * Parses a /proc/[pid]/stat line: the command name (field 2) is in parentheses and may hold
     * spaces, so fields are counted after the last ')'; utime and stime are fields 14 and 15.
     */
    public static long[] parseStat(String stat, long ticksPerSecond) {
        String rest = stat.substring(stat.lastIndexOf(')') + 2);
        String[] f = rest.trim().split("\\s+");
        // rest starts at field 3 (state), so field n is f[n - 3]
        long utime = Long.parseLong(f[14 - 3]);
        long stime = Long.parseLong(f[15 - 3]);
        long nsPerTick = 1_000_000_000L / ticksPerSecond;
        return new long[] {utime * nsPerTick, stime * nsPerTick};
    }

    /** The JVM's process CPU time (user + system) in ns, or -1. */
    public static long jvmProcessCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
