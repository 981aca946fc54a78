package dev.nbc.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A thread's native memory for the out-arguments of MPI calls (a request or message handle, a
 * flag, a status): allocated once per thread, so that a call allocates nothing.
 */
final class Scratch {
    private static final ThreadLocal<Scratch> OF_THREAD = ThreadLocal.withInitial(Scratch::new);

    /** Offsets: a handle, a second handle, an int out-value (flag, count), the status. */
    static final long HANDLE = 0;
    static final long SECOND_HANDLE = 8;
    static final long INT = 16;
    static final long STATUS = 32;

    final MemorySegment memory;
    final long address;

    private Scratch() {
        memory = Arena.ofAuto().allocate(STATUS + Math.max(Library.STATUS_SIZE, 64), 16);
        address = memory.address();
    }

    static Scratch get() {
        return OF_THREAD.get();
    }

    /** Stores {@code handle} at {@code offset} in the C size of its type. */
    void putHandle(long offset, long handle, int size) {
        if (size == 8) {
            memory.set(JAVA_LONG, offset, handle);
        } else {
            memory.set(JAVA_INT, offset, (int) handle);
        }
    }

    /** The handle at {@code offset}, of {@code size} bytes, as a long. */
    long handle(long offset, int size) {
        return size == 8 ? memory.get(JAVA_LONG, offset) : memory.get(JAVA_INT, offset);
    }

    int intValue() {
        return memory.get(JAVA_INT, INT);
    }

    int statusField(int offset) {
        return memory.get(JAVA_INT, STATUS + offset);
    }
}
