package dev.nbc.core.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The native address of a direct buffer's first byte, so that two buffer objects can be told to
 * share memory ({@code b.duplicate()}, a slice, a read-only view) or not.
 *
 * <p>Java 17 has no public API for it: {@link ByteBuffer#alignmentOffset} tells only the address
 * modulo 2^30, and the foreign-memory API is an incubator module there (a preview in 21). So the
 * address comes from the first of these that works on the running JVM:
 * <ol>
 * <li>Java 22 and later: {@code MemorySegment.ofBuffer(buffer).address()}, the supported API.</li>
 * <li>Java 17 to 21: {@code sun.misc.Unsafe} reading the {@code address} field that every direct
 * buffer carries, as Agrona's {@code BufferUtil.address} and Netty do. {@code sun.misc.Unsafe} is
 * in {@code jdk.unsupported}, the module the JDK exports for exactly this (JEP 260): no
 * command-line flag is needed. It is not used on 22 and later, where its memory-access methods
 * are deprecated for removal and warn from 24 on.</li>
 * </ol>
 * Whichever is found is checked once against {@link ByteBuffer#alignmentOffset} and against
 * slices at known offsets of a probe buffer; if none passes, {@link #isKnown()} is false and
 * callers fall back to object identity ({@link Overlap}).
 *
 * <p>Both are looked up through method handles, so this class compiles against Java 17 with no
 * warning and loads on any JVM.
 */
public final class NativeAddress {
    /** The largest unit {@link ByteBuffer#alignmentOffset} takes: it tells the low 30 bits. */
    private static final int LOW_BITS_UNIT = 1 << 30;

    /** Address of byte 0 of a direct buffer. */
    @FunctionalInterface
    private interface Source {
        long of(ByteBuffer direct) throws Throwable;
    }

    private static final Source SOURCE = find();

    private NativeAddress() {
    }

    /** True if {@link #of} can tell addresses on this JVM. */
    public static boolean isKnown() {
        return SOURCE != null;
    }

    /**
     * The address of byte 0 of {@code direct} (its index 0, whatever its position).
     *
     * @throws IllegalStateException if addresses are not known here ({@link #isKnown()})
     */
    public static long of(ByteBuffer direct) {
        if (SOURCE == null) {
            throw new IllegalStateException("native addresses of direct buffers are not available on this JVM");
        }
        try {
            return SOURCE.of(direct);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("reading a direct buffer's address failed", t);
        }
    }

    private static Source find() {
        if (Runtime.version().feature() >= 22) {
            Source foreign = verified(NativeAddress::foreignMemory);
            if (foreign != null) {
                return foreign;
            }
        }
        return verified(NativeAddress::unsafeField);
    }

    @FunctionalInterface
    private interface Candidate {
        Source create() throws Throwable;
    }

    /** The candidate's source if it can be created and gives the addresses a probe buffer must have; else null. */
    private static Source verified(Candidate candidate) {
        try {
            Source source = candidate.create();
            ByteBuffer probe = ByteBuffer.allocateDirect(4096);
            long base = source.of(probe);
            if (base == 0 || (base & (LOW_BITS_UNIT - 1)) != probe.alignmentOffset(0, LOW_BITS_UNIT)) {
                return null;
            }
            for (int offset : new int[] {1, 100, 4000}) {
                if (source.of(probe.slice(offset, 8)) != base + offset) {
                    return null;
                }
            }
            if (source.of(probe.asReadOnlyBuffer()) != base || source.of(ByteBuffer.allocateDirect(16)) == base) {
                return null;
            }
            return source;
        } catch (Throwable unavailable) {
            return null;
        }
    }

    /** Java 22+: {@code MemorySegment.ofBuffer(buffer).address()}; the segment starts at the buffer's position. */
    private static Source foreignMemory() throws ReflectiveOperationException {
        Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        MethodHandle ofBuffer = lookup.findStatic(segment, "ofBuffer", MethodType.methodType(segment, Buffer.class));
        MethodHandle address = lookup.findVirtual(segment, "address", MethodType.methodType(long.class));
        MethodHandle addressOfPosition = MethodHandles.filterReturnValue(ofBuffer, address);
        return direct -> (long) addressOfPosition.invoke((Buffer) direct) - direct.position();
    }

    /** Java 17-21: {@code sun.misc.Unsafe.getLong(buffer, offset of java.nio.Buffer.address)}. */
    private static Source unsafeField() throws ReflectiveOperationException {
        Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
        Field instance = unsafeClass.getDeclaredField("theUnsafe");
        instance.setAccessible(true); // jdk.unsupported opens sun.misc for this
        Object unsafe = instance.get(null);
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        MethodHandle fieldOffset = lookup.findVirtual(unsafeClass, "objectFieldOffset",
                MethodType.methodType(long.class, Field.class)).bindTo(unsafe);
        long addressOffset;
        try {
            addressOffset = (long) fieldOffset.invoke(Buffer.class.getDeclaredField("address"));
        } catch (ReflectiveOperationException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new ReflectiveOperationException(t);
        }
        MethodHandle getLong = MethodHandles.insertArguments(lookup.findVirtual(unsafeClass, "getLong",
                MethodType.methodType(long.class, Object.class, long.class)).bindTo(unsafe), 1, addressOffset);
        return direct -> (long) getLong.invoke((Object) direct);
    }
}
