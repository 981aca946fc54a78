package dev.nbc.core;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;

import java.nio.ByteBuffer;

/**
 * The argument rules of the collective calls, checked before anything is built or sent. Each
 * exception names the argument and the rule it broke.
 */
final class CollectiveArguments {
    private CollectiveArguments() {
    }

    static void checkCount(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count: must be >= 0, but was " + count);
        }
    }

    static void checkType(DataType type) {
        if (type == null) {
            throw new IllegalArgumentException("type: must not be null");
        }
    }

    static void checkRoot(int root, int size) {
        if (root < 0 || root >= size) {
            throw new IllegalArgumentException("root: must be in 0.." + (size - 1) + " (the communicator's ranks), but was " + root);
        }
    }

    static void checkOp(ReduceOp op, DataType type) {
        if (op == null) {
            throw new IllegalArgumentException("op: must not be null");
        }
        op.checkSupports(type);
    }

    /**
     * Checks a caller buffer and returns the slice the collective uses: {@code bytes} bytes from the
     * buffer's position.
     *
     * @param writable true if the collective writes into it
     */
    static ByteBuffer region(String name, ByteBuffer buffer, int bytes, boolean writable) {
        if (buffer == null) {
            throw new IllegalArgumentException(name + ": must not be null");
        }
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException(name + ": must be a direct ByteBuffer (ByteBuffer.allocateDirect or "
                    + "dev.nbc.core.Buffers.allocate): the collective reads or writes it in the background, after the "
                    + "call returns, and the MPI transport needs a fixed native address");
        }
        if (writable && buffer.isReadOnly()) {
            throw new IllegalArgumentException(name + ": the collective writes into this buffer, but it is read-only");
        }
        if (buffer.remaining() < bytes) {
            throw new IllegalArgumentException(name + ": needs " + bytes + " bytes from its position " + buffer.position()
                    + " for count and type, but only " + buffer.remaining() + " remain");
        }
        return buffer.slice(buffer.position(), bytes);
    }
}
