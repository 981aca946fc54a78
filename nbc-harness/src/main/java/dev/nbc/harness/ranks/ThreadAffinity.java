package dev.nbc.harness.ranks;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;

import java.util.ArrayList;
import java.util.List;

/**
 * The set of CPUs the calling thread may run on, read and set through Linux's
 * {@code sched_getaffinity} / {@code sched_setaffinity} (pid 0: the calling thread). The JDK has
 * no call for it; JNA makes the system call. A thread started afterwards by the bound thread
 * inherits the set (a rank's progress thread, like a process's threads under mpirun's binding).
 */
final class ThreadAffinity {
    /** cpu_set_t as glibc defines it: 1,024 bits in unsigned longs, CPU i in bit i % 64 of word i / 64. */
    private static final int MASK_WORDS = 1024 / 64;

    private ThreadAffinity() {
    }

    private interface LibC extends Library {
        // size_t is 64 bits wide where this is used (supported() asks for a 64-bit Linux).
        int sched_getaffinity(int pid, long cpusetsize, long[] mask) throws LastErrorException;

        int sched_setaffinity(int pid, long cpusetsize, long[] mask) throws LastErrorException;
    }

    /** Loaded at first use, so that a platform without it fails only the calls, not the class. */
    private static final class Holder {
        static final LibC LIBC = Native.load(Platform.C_LIBRARY_NAME, LibC.class);
    }

    /** True where the calls can work: 64-bit Linux. */
    static boolean supported() {
        return Platform.isLinux() && Platform.is64Bit();
    }

    /**
     * The CPUs the calling thread may run on, in increasing order.
     *
     * @throws IllegalStateException if the system refuses (with its errno) or the platform has no such call
     */
    static List<Integer> allowedCpus() {
        requireSupported();
        long[] mask = new long[MASK_WORDS];
        try {
            Holder.LIBC.sched_getaffinity(0, MASK_WORDS * 8L, mask);
        } catch (LastErrorException | LinkageError e) {
            throw new IllegalStateException("sched_getaffinity failed: " + e.getMessage(), e);
        }
        List<Integer> cpus = new ArrayList<>();
        for (int cpu = 0; cpu < MASK_WORDS * 64; cpu++) {
            if ((mask[cpu / 64] >>> (cpu % 64) & 1) != 0) {
                cpus.add(cpu);
            }
        }
        return cpus;
    }

    /**
     * Lets the calling thread run only on {@code cpus}.
     *
     * @throws IllegalArgumentException if {@code cpus} is empty or names a CPU outside 0..1023
     * @throws IllegalStateException    if the system refuses (with its errno) or the platform has no such call
     */
    static void bindCurrentThread(List<Integer> cpus) {
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("cpus: must name at least one CPU");
        }
        long[] mask = new long[MASK_WORDS];
        for (int cpu : cpus) {
            if (cpu < 0 || cpu >= MASK_WORDS * 64) {
                throw new IllegalArgumentException("cpus: must be in 0.." + (MASK_WORDS * 64 - 1) + ", but held " + cpu);
            }
            mask[cpu / 64] |= 1L << (cpu % 64);
        }
        requireSupported();
        try {
            Holder.LIBC.sched_setaffinity(0, MASK_WORDS * 8L, mask);
        } catch (LastErrorException | LinkageError e) {
            throw new IllegalStateException("sched_setaffinity " + cpus + " failed: " + e.getMessage(), e);
        }
    }

    private static void requireSupported() {
        if (!supported()) {
            throw new IllegalStateException("thread affinity needs 64-bit Linux, but this is " + System.getProperty("os.name")
                    + " " + System.getProperty("os.arch"));
        }
    }
}
