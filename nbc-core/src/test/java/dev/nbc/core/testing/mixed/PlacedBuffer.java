package dev.nbc.core.testing.mixed;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.testing.Reference;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

/**
 * A collective's buffer as an application might hand it over: a region at an arbitrary (also
 * unaligned) byte offset inside a larger direct buffer, shown through a positioned duplicate, a
 * slice or a slice positioned further on, optionally read-only. The bytes around the region hold
 * a pattern that the collective must leave alone.
 */
final class PlacedBuffer {
    private final ByteBuffer backing;
    private final int offset;
    private final int bytes;
    /** What the call is given. */
    final ByteBuffer view;

    private PlacedBuffer(ByteBuffer backing, int offset, int bytes, ByteBuffer view) {
        this.backing = backing;
        this.offset = offset;
        this.bytes = bytes;
        this.view = view;
    }

    /**
     * {@code bytes} bytes holding {@code content} (or the guard pattern, for a buffer the call
     * fills), placed and shown as {@code random} chooses.
     */
    static PlacedBuffer place(ByteBuffer content, int bytes, boolean readOnly, Random random) {
        int offset = random.nextInt(24);
        int tail = random.nextInt(17);
        ByteBuffer backing = ByteBuffer.allocateDirect(offset + bytes + tail).order(ByteOrder.nativeOrder());
        for (int i = 0; i < backing.capacity(); i++) {
            backing.put(i, guardByte(i));
        }
        if (content != null) {
            backing.put(offset, content, 0, bytes);
        }
        ByteBuffer view = switch (random.nextInt(3)) {
            case 0 -> backing.duplicate().position(offset);
            case 1 -> backing.slice(offset, bytes + tail);
            default -> {
                int sliceStart = random.nextInt(offset + 1);
                yield backing.slice(sliceStart, backing.capacity() - sliceStart).position(offset - sliceStart);
            }
        };
        if (readOnly) {
            view = view.asReadOnlyBuffer();
        }
        return new PlacedBuffer(backing, offset, bytes, view.order(ByteOrder.nativeOrder()));
    }

    /** Another object showing the same region (a duplicate, or a read-only view), as a user's in-place call might pass. */
    ByteBuffer sameRegionThroughAnotherObject(Random random) {
        ByteBuffer other = random.nextBoolean() ? view.duplicate() : view.asReadOnlyBuffer();
        return other.order(ByteOrder.nativeOrder());
    }

    private static byte guardByte(int index) {
        return (byte) (0x5A ^ (index * 31));
    }

    /** Null if the region holds {@code expected} and every byte around it is untouched, else what differs. */
    String difference(ByteBuffer expected, DataType type) {
        for (int i = 0; i < backing.capacity(); i++) {
            boolean inRegion = i >= offset && i < offset + bytes;
            if (!inRegion && backing.get(i) != guardByte(i)) {
                return "byte " + (i - offset) + " relative to the region (of " + bytes + ") was overwritten";
            }
        }
        return expected == null ? null : Reference.difference(expected, backing.slice(offset, bytes), type);
    }
}
