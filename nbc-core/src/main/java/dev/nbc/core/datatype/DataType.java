package dev.nbc.core.datatype;

/**
 * The element types collectives move and reduce. Elements are read and written in the platform's
 * native byte order, as MPI does, so that data exchanged with Open MPI's own collectives compares
 * byte for byte.
 */
public enum DataType {
    BYTE(1),
    SHORT(2),
    INT(4),
    LONG(8),
    FLOAT(4),
    DOUBLE(8);

    private final int sizeInBytes;

    DataType(int sizeInBytes) {
        this.sizeInBytes = sizeInBytes;
    }

    public int sizeInBytes() {
        return sizeInBytes;
    }


    /**
     * Bytes that {@code count} elements occupy.
     *
     * @throws IllegalArgumentException if the count is negative or the bytes exceed a Java buffer's
     *         2^31-1 limit
     */
    public int bytesFor(long count) {
        if (count < 0) {
            throw new IllegalArgumentException("count: must be >= 0, but was " + count);
        }
        long bytes = count * sizeInBytes;
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("count: " + count + " elements of " + this + " are " + bytes
                    + " bytes, more than a Java buffer holds (2^31-1)");
        }
        return (int) bytes;
    }
}
