package dev.nbc.core;

import dev.nbc.core.datatype.DataType;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Allocation of buffers in the form the collectives want: direct, native byte order. */
public final class Buffers {
    private Buffers() {
    }

    /** A direct, native-order buffer for {@code count} elements of {@code type}. */
    public static ByteBuffer allocate(int count, DataType type) {
        return ByteBuffer.allocateDirect(type.bytesFor(count)).order(ByteOrder.nativeOrder());
    }
}
