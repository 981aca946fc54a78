package dev.nbc.core.datatype;

/**
 * The element types collectives move and reduce. Elements are read and written in the platform's
 * native byte order, as MPI does, so that data exchanged with Open MPI's own collectives compares
 * byte for byte.
 */
public enum DataType {
    BYTE(1, true),
    SHORT(2, true),
    INT(4, true),
    LONG(8, true),
    FLOAT(4, false),
    DOUBLE(8, false);

    private final int sizeInBytes;
    private final boolean integer;

    DataType(int sizeInBytes, boolean integer) {
        this.sizeInBytes = sizeInBytes;
        this.integer = integer;
    }

    public int sizeInBytes() {
        return sizeInBytes;
    }

    /** True for BYTE, SHORT, INT and LONG, the types bitwise and logical operations are defined for. */
    public boolean isInteger() {
        return integer;
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
