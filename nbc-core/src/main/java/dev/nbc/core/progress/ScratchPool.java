package dev.nbc.core.progress;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.nbc.core.ByteSize;
import dev.nbc.core.EnvironmentSetting;
import dev.nbc.core.request.NbcException;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.function.IntFunction;

/**
 * Reuses scratch buffers between executions: allocating (and zeroing) a direct buffer per
 * collective would cost more than a small collective itself. Touched only by the progressing
 * thread (the statistics read its counters without synchronisation).
 *
 * <p><b>Size classes.</b> Buffers have capacities of 8 to 15 times a power of two (steps of an
 * eighth: at most 12.5 % more than asked), at least {@value #MIN_CAPACITY} B. A request is served
 * by an idle buffer of its class or of up to {@value #REUSE_CLASSES} - 1 classes above (less than
 * twice its size), so that a count that changes at every call reuses the buffers of the calls
 * before it instead of allocating one of each size. The collective gets a view of exactly the
 * size it asked for ({@link ByteBuffer#slice}: position 0, limit and capacity that size), so that
 * a larger buffer behaves as an exact one would. Requests above {@value #LARGEST_POOLED} B get a
 * buffer of their own, never kept.
 *
 * <p><b>Bound.</b> At most {@link #bound()} bytes are kept idle; a buffer that comes back beyond
 * it is left to the collector. The bound is the process's ({@link #processBound()}) shared evenly
 * by the ranks of this process ({@link #shareAmong}), since each in-process rank has a pool of
 * its own and all of them draw on the JVM's one direct-memory limit.
 *
 * <p><b>Release.</b> A buffer not taken in the last {@value #IDLE_TAKES} takes is dropped (looked
 * for every {@value #SWEEP_TAKES} takes), so that what a run of other sizes left behind does not
 * stay. An engine that runs no collective keeps what it holds until it closes.
 *
 * <p><b>Out of memory.</b> When the JVM refuses a direct buffer, the pool drops every idle buffer
 * and tries once more; if that fails too, the request fails ({@link NbcException}) and the engine
 * goes on.
 */
final class ScratchPool {
    /** The environment variable and system property (which wins) that set {@link #processBound()}. */
    static final String VARIABLE = "NBC_SCRATCH_BYTES";
    static final String PROPERTY = "nbc.scratch.bytes";
    /** The default process bound is at most this: a quarter of a large heap is more than scratch needs. */
    static final long MAX_DEFAULT_BOUND = 256L << 20;
    static final int MIN_CAPACITY = 64;
    static final int LARGEST_POOLED = 1 << 30;
    /** Classes a request may be served from: its own and those above it, up to twice its size. */
    static final int REUSE_CLASSES = 8;
    static final long IDLE_TAKES = 1024;
    static final long SWEEP_TAKES = 128;

    private static final int STEPS_PER_DOUBLING = 8;
    private static final int STEP_BITS = 3; // log2(STEPS_PER_DOUBLING)
    private static final int MIN_SHIFT = 3; // MIN_CAPACITY = STEPS_PER_DOUBLING << MIN_SHIFT
    private static final int CLASSES = classOf(LARGEST_POOLED) + 1;
    private static final Block EMPTY = new Block(ByteBuffer.allocateDirect(0), -1);

    /** A pooled buffer and the view of it last handed out. */
    static final class Block {
        private final ByteBuffer memory;
        /** Its size class, or -1 for a buffer that is never kept. */
        private final int sizeClass;
        private ByteBuffer view;
        /** The pool's take count when it was last taken. */
        private long takenAt;

        private Block(ByteBuffer memory, int sizeClass) {
            this.memory = memory;
            this.sizeClass = sizeClass;
            this.view = memory;
        }

        /** What the collective uses: exactly the bytes it asked for. */
        ByteBuffer view() {
            return view;
        }

        int capacity() {
            return memory.capacity();
        }
    }

    private final long processBound;
    private final IntFunction<ByteBuffer> allocator;
    private long bound;
    private int sharedBy = 1;
    /** Idle buffers by size class, the most recently given first. */
    private final ArrayDeque<Block>[] idle;
    private long takes;
    private long idleBytes;
    private int idleBuffers;
    private long lentBytes;
    private int lentBuffers;

    ScratchPool(long processBound) {
        this(processBound, ByteBuffer::allocateDirect);
    }

    /** A pool whose buffers come from {@code allocator} (direct buffers of the capacity asked for). */
    @SuppressWarnings("unchecked")
    ScratchPool(long processBound, IntFunction<ByteBuffer> allocator) {
        if (processBound < 0) {
            throw new IllegalArgumentException("processBound: must be >= 0, but was " + processBound);
        }
        this.processBound = processBound;
        this.allocator = allocator;
        this.bound = processBound;
        this.idle = new ArrayDeque[CLASSES];
        for (int c = 0; c < CLASSES; c++) {
            idle[c] = new ArrayDeque<>();
        }
    }

    /**
     * What the scratch pools of this process keep idle at most, together: {@link #PROPERTY} or
     * else {@link #VARIABLE} (bytes, with an optional k, m or g), by default a quarter of the
     * JVM's direct-memory limit, at most {@link #MAX_DEFAULT_BOUND}.
     *
     * @throws IllegalArgumentException if the setting is not a number of bytes
     */
    static long processBound() {
        return EnvironmentSetting.read(PROPERTY, VARIABLE, ScratchPool::parseBytes,
                Math.min(MAX_DEFAULT_BOUND, DirectMemory.LIMIT / 4));
    }

    /** {@link ByteSize#parse}, its error naming the setting. */
    static long parseBytes(String value) {
        try {
            return ByteSize.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(PROPERTY + " / " + VARIABLE + ": " + e.getMessage(), e);
        }
    }

    /** The JVM's limit on direct buffers: MaxDirectMemorySize, whose default (0) is the heap's limit. */
    private static final class DirectMemory {
        static final long LIMIT = read();

        private static long read() {
            try {
                HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
                long configured = Long.parseLong(hotSpot.getVMOption("MaxDirectMemorySize").getValue());
                if (configured > 0) {
                    return configured;
                }
            } catch (RuntimeException | LinkageError notHotSpot) {
                // a JVM without the option (or without jdk.management): its default applies
            }
            return Runtime.getRuntime().maxMemory();
        }
    }

    /** The most bytes kept idle now. */
    long bound() {
        return bound;
    }

    /** Shares the process bound evenly by {@code ranks} pools (the ranks of this process); idle buffers beyond the new bound are dropped. */
    void shareAmong(int ranks) {
        if (ranks == sharedBy) {
            return;
        }
        sharedBy = Math.max(1, ranks);
        bound = processBound / sharedBy;
        if (idleBytes > bound) {
            dropIdleTakenBefore(Long.MAX_VALUE);
        }
    }

    /** A buffer whose {@link Block#view()} has exactly {@code bytes}; give it back when done. */
    Block take(int bytes) {
        if (bytes == 0) {
            return EMPTY;
        }
        if (++takes % SWEEP_TAKES == 0) {
            dropIdleTakenBefore(takes - IDLE_TAKES);
        }
        int sizeClass = bytes <= LARGEST_POOLED ? classOf(bytes) : -1;
        Block block = sizeClass < 0 ? null : takeIdle(sizeClass);
        if (block == null) {
            block = new Block(allocate(sizeClass < 0 ? bytes : capacityOf(sizeClass)), sizeClass);
        }
        block.takenAt = takes;
        if (block.view.capacity() != bytes) {
            block.view = block.memory.capacity() == bytes ? block.memory : block.memory.slice(0, bytes);
        }
        block.view.clear();
        lentBytes += block.capacity();
        lentBuffers++;
        return block;
    }

    /** Takes back a buffer taken here, once nothing can touch it any more. */
    void give(Block block) {
        if (block == EMPTY) {
            return;
        }
        lentBytes -= block.capacity();
        lentBuffers--;
        if (block.sizeClass >= 0 && idleBytes + block.capacity() <= bound) {
            idle[block.sizeClass].addFirst(block);
            idleBytes += block.capacity();
            idleBuffers++;
        }
    }

    /** Forgets every buffer, idle or lent (the engine has ended; what is lent is never given back). */
    void dropAll() {
        dropIdleTakenBefore(Long.MAX_VALUE);
        lentBytes = 0;
        lentBuffers = 0;
    }

    /** Bytes of the buffers this pool holds: lent to collectives in flight, or idle. */
    long heldBytes() {
        return idleBytes + lentBytes;
    }

    /** How many buffers this pool holds, lent or idle. */
    int heldBuffers() {
        return idleBuffers + lentBuffers;
    }

    long idleBytes() {
        return idleBytes;
    }

    private Block takeIdle(int sizeClass) {
        for (int c = sizeClass; c < Math.min(sizeClass + REUSE_CLASSES, CLASSES); c++) {
            Block block = idle[c].pollFirst();
            if (block != null) {
                idleBytes -= block.capacity();
                idleBuffers--;
                return block;
            }
        }
        return null;
    }

    private ByteBuffer allocate(int capacity) {
        try {
            return allocator.apply(capacity);
        } catch (OutOfMemoryError full) {
            // What we keep idle may be what the JVM lacks: let go of it (the allocation below has
            // the collector free it) and try once more, so that only this request fails if that
            // is not enough, not the engine.
            long dropped = idleBytes;
            dropIdleTakenBefore(Long.MAX_VALUE);
            try {
                return allocator.apply(capacity);
            } catch (OutOfMemoryError stillFull) {
                stillFull.addSuppressed(full);
                throw new NbcException("no direct memory for a scratch buffer of " + capacity + " bytes, even after the"
                        + " scratch pool dropped the " + dropped + " idle bytes it kept (" + stillFull.getMessage()
                        + "; -XX:MaxDirectMemorySize raises the limit)", stillFull);
            }
        }
    }

    private void dropIdleTakenBefore(long takenBefore) {
        for (ArrayDeque<Block> blocks : idle) {
            for (Iterator<Block> it = blocks.iterator(); it.hasNext(); ) {
                Block block = it.next();
                if (block.takenAt < takenBefore) {
                    it.remove();
                    idleBytes -= block.capacity();
                    idleBuffers--;
                }
            }
        }
    }

    /** The size class of a request of {@code bytes} (1..{@link #LARGEST_POOLED}): the smallest whose capacity holds it. */
    static int classOf(int bytes) {
        if (bytes <= MIN_CAPACITY) {
            return 0;
        }
        int below = bytes - 1;
        int shift = 31 - Integer.numberOfLeadingZeros(below) - STEP_BITS; // below >> shift is 8..15
        int eighths = (below >>> shift) + 1;                                // 9..16: 16 is the next doubling's 8
        return (shift - MIN_SHIFT) * STEPS_PER_DOUBLING + eighths - STEPS_PER_DOUBLING;
    }

    /** The capacity of the buffers of {@code sizeClass}. */
    static int capacityOf(int sizeClass) {
        return (STEPS_PER_DOUBLING + sizeClass % STEPS_PER_DOUBLING) << (MIN_SHIFT + sizeClass / STEPS_PER_DOUBLING);
    }
}
