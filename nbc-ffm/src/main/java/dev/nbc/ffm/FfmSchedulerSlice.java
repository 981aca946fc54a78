package dev.nbc.ffm;

import dev.nbc.core.progress.SchedulerSlice;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * {@link SchedulerSlice} on Linux: {@code sched_setattr} with {@code sched_runtime} for the
 * calling thread, which keeps its policy and nice value (read first with {@code sched_getattr}).
 * Linux 6.12 and later give an ordinary thread that slice (EEVDF's custom slice); older kernels
 * accept the call and keep their own, which the read-back tells.
 */
public final class FfmSchedulerSlice implements SchedulerSlice {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout ERRNO = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO_VALUE = ERRNO.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    /** {@code long syscall(long number, ...)}, four arguments after the number, errno captured. */
    private static final MethodHandle SYSCALL = LINKER.downcallHandle(LINKER.defaultLookup().find("syscall").orElseThrow(),
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG),
            Linker.Option.firstVariadicArg(1), Linker.Option.captureCallState("errno"));

    /** struct sched_attr, the first version (48 bytes): size, policy, flags, nice, priority, runtime, deadline, period. */
    private static final int ATTR_BYTES = 48;
    private static final int ATTR_SIZE = 0;
    private static final int ATTR_POLICY = 4;
    private static final int ATTR_FLAGS = 8;
    private static final int ATTR_RUNTIME = 24;
    private static final int SCHED_OTHER = 0;
    private static final int SCHED_BATCH = 3;

    @Override
    public String setForCurrentThread(long nanos) {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        long setattr;
        long getattr;
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            setattr = 314;
            getattr = 315;
        } else if (arch.equals("aarch64")) {
            setattr = 274;
            getattr = 275;
        } else {
            return "sched_setattr is not known on " + System.getProperty("os.name") + " " + arch;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment attr = arena.allocate(ATTR_BYTES, 8);
            MemorySegment errno = arena.allocate(ERRNO);
            if ((long) SYSCALL.invokeExact(errno, getattr, 0L, attr.address(), (long) ATTR_BYTES, 0L) != 0) {
                return "sched_getattr failed, errno " + (int) ERRNO_VALUE.get(errno, 0L);
            }
            int policy = attr.get(JAVA_INT, ATTR_POLICY);
            if (policy != SCHED_OTHER && policy != SCHED_BATCH) {
                return "the thread runs under scheduling policy " + policy + ", which has no time slice to set";
            }
            attr.set(JAVA_INT, ATTR_SIZE, ATTR_BYTES);
            attr.set(JAVA_LONG, ATTR_FLAGS, 0L);
            attr.set(JAVA_LONG, ATTR_RUNTIME, nanos);
            if ((long) SYSCALL.invokeExact(errno, setattr, 0L, attr.address(), 0L, 0L) != 0) {
                return "sched_setattr refused a " + nanos / 1000 + " us slice, errno " + (int) ERRNO_VALUE.get(errno, 0L);
            }
            attr.fill((byte) 0);
            if ((long) SYSCALL.invokeExact(errno, getattr, 0L, attr.address(), (long) ATTR_BYTES, 0L) != 0) {
                return "sched_getattr failed after sched_setattr, errno " + (int) ERRNO_VALUE.get(errno, 0L);
            }
            long granted = attr.get(JAVA_LONG, ATTR_RUNTIME);
            if (granted == nanos) {
                return null;
            }
            return granted > 0 ? "the kernel gave a " + granted / 1000 + " us slice instead of " + nanos / 1000 + " us"
                    : "the kernel keeps its own slice (Linux 6.12 or later sets one per thread)";
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            return "sched_setattr failed: " + e;
        }
    }
}
