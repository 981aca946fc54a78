package dev.nbc.core.internal;

import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Schedule;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Comparator;

/**
 * The argument rules of the collective calls, checked before anything is built or sent. Each
 * exception names the argument and the rule it broke. The collectives' own classes
 * ({@code algorithm/allreduce/Allreduce} and the like) apply them.
 */
public final class CollectiveArguments {
    private CollectiveArguments() {
    }

    public static void checkCount(int count) {
        checkCount("count", count);
    }

    public static void checkCount(String name, int count) {
        if (count < 0) {
            throw new IllegalArgumentException(name + ": must be >= 0, but was " + count);
        }
    }

    /**
     * The region of a v-collective's own block where it is given apart from the layout (the send
     * buffer of a gatherv or allgatherv, the receive buffer of a scatterv): {@code count} elements,
     * which must equal what the layout gives this rank ({@code layoutCount}, named
     * {@code layoutCountName}). Only for a buffer that is given: in place, MPI ignores the count.
     */
    public static ByteBuffer ownBlock(String name, ByteBuffer buffer, String countName, int count, String layoutCountName,
                               int layoutCount, DataType type) {
        checkCount(countName, count);
        ByteBuffer region = region(name, buffer, count, type);
        if (count != layoutCount) {
            throw new IllegalArgumentException(countName + ": must equal " + layoutCountName + ", " + layoutCount
                    + ", but was " + count);
        }
        return region;
    }

    /** The count and type of a call whose blocks all hold {@code count} elements. */
    public static void checkBlocks(int count, DataType type) {
        checkCount(count);
        checkType(type);
    }

    /** The count, type and operation of a reduction whose blocks all hold {@code count} elements. */
    public static void checkReduction(int count, DataType type, ReduceOp op) {
        checkBlocks(count, type);
        checkOp(op, type);
    }

    public static void checkType(DataType type) {
        if (type == null) {
            throw new IllegalArgumentException("type: must not be null");
        }
    }

    public static void checkRoot(int root, int size) {
        if (root < 0 || root >= size) {
            throw new IllegalArgumentException("root: must be in 0.." + (size - 1) + " (the communicator's ranks), but was " + root);
        }
    }

    public static void checkOp(ReduceOp op, DataType type) {
        if (op == null) {
            throw new IllegalArgumentException("op: must not be null");
        }
        op.checkSupports(type);
    }

    /**
     * Checks a caller buffer and returns the slice the collective uses: {@code count} elements of
     * {@code type} from the buffer's position. Whether it may be read-only depends on the
     * algorithm, so that is checked later ({@link #checkBinding}).
     */
    public static ByteBuffer region(String name, ByteBuffer buffer, int count, DataType type) {
        if (buffer == null) {
            throw new IllegalArgumentException(name + ": must not be null");
        }
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException(name + ": must be a direct ByteBuffer (ByteBuffer.allocateDirect or "
                    + "dev.nbc.core.Buffers.allocate): the collective reads or writes it in the background, after the "
                    + "call returns, and the MPI transport needs a fixed native address");
        }
        // A one-byte element has no byte order; any other is combined and exchanged as the machine
        // stores it, so a buffer written in another order would be summed as garbage.
        if (type.sizeInBytes() > 1 && buffer.order() != ByteOrder.nativeOrder()) {
            throw new IllegalArgumentException(name + ": must be in native byte order (" + ByteOrder.nativeOrder()
                    + ") for " + type + " elements, as MPI's buffers are, but it is " + buffer.order() + "; set it with "
                    + "buffer.order(ByteOrder.nativeOrder()) before writing the data (ByteBuffer.allocateDirect, "
                    + "duplicate(), slice() and asReadOnlyBuffer() all return BIG_ENDIAN buffers), or allocate with "
                    + "dev.nbc.core.Buffers.allocate");
        }
        int bytes = type.bytesFor(count);
        if (buffer.remaining() < bytes) {
            throw new IllegalArgumentException(name + ": needs " + bytes + " bytes from its position " + buffer.position()
                    + " for count and type, but only " + buffer.remaining() + " remain");
        }
        return buffer.slice(buffer.position(), bytes);
    }

    /**
     * Whether an allreduce runs in place: true if {@code send} (already checked by {@link #region})
     * is the same memory as {@code receive}, whatever buffer object shows it; false if the two
     * share no byte.
     *
     * @throws IllegalArgumentException if they share some bytes but are not the same region
     */
    public static boolean sameRegion(String sendName, ByteBuffer send, String receiveName, ByteBuffer receive, int bytes) {
        Overlap overlap = Overlap.of(send, send.position(), receive, receive.position(), bytes);
        if (overlap == Overlap.PARTIAL) {
            throw new IllegalArgumentException(sendName + ": its " + bytes + " bytes from position " + send.position()
                    + " overlap the " + bytes + " bytes of " + receiveName + " from position " + receive.position()
                    + " without being the same region; overlapping send and receive buffers are erroneous (as in MPI): "
                    + "pass null (or the same region) as " + sendName + " to work in place, or separate memory");
        }
        return overlap == Overlap.SAME;
    }

    /**
     * The layout of a v-collective's buffer, checked: one count and one displacement per rank,
     * none negative, the extent within a Java buffer, and for a buffer that is written
     * ({@code written}) no two non-empty blocks sharing an element (MPI forbids that too).
     */
    public static BlockLayout layout(String countsName, int[] counts, String displacementsName, int[] displacements, int size,
                              DataType type, boolean written) {
        if (counts == null || displacements == null) {
            throw new IllegalArgumentException((counts == null ? countsName : displacementsName) + ": must not be null");
        }
        if (counts.length != size || displacements.length != size) {
            throw new IllegalArgumentException((counts.length != size ? countsName : displacementsName)
                    + ": must have one entry per rank (" + size + "), but has "
                    + (counts.length != size ? counts.length : displacements.length));
        }
        for (int r = 0; r < size; r++) {
            if (counts[r] < 0 || displacements[r] < 0) {
                throw new IllegalArgumentException((counts[r] < 0 ? countsName : displacementsName) + ": must be >= 0, but ["
                        + r + "] is " + (counts[r] < 0 ? counts[r] : displacements[r]));
            }
        }
        BlockLayout layout = new BlockLayout(counts, displacements, type);
        layout.extentBytes(); // refuses an extent beyond a Java buffer, naming count
        if (written) {
            Integer[] order = new Integer[size];
            for (int r = 0; r < size; r++) {
                order[r] = r;
            }
            Arrays.sort(order, Comparator.comparingInt(r -> displacements[r]));
            long end = 0;
            int last = -1;
            for (int r : order) {
                if (counts[r] == 0) {
                    continue;
                }
                if (displacements[r] < end) {
                    throw new IllegalArgumentException(displacementsName + ": the blocks of ranks " + last + " and " + r
                            + " overlap (elements " + displacements[r] + ".." + (end - 1) + "); a buffer that is received into "
                            + "must give every rank its own elements");
                }
                end = (long) displacements[r] + counts[r];
                last = r;
            }
        }
        return layout;
    }

    /**
     * The layout of an alltoallw buffer in bytes: block r is {@code counts[r]} elements of
     * {@code types[r]} from byte {@code displacements[r]}, checked as {@link #layout} checks
     * elements, and every type given.
     */
    public static BlockLayout byteLayout(String countsName, int[] counts, String displacementsName, int[] displacements,
                                         String typesName, DataType[] types, int size, boolean written) {
        if (types == null) {
            throw new IllegalArgumentException(typesName + ": must not be null");
        }
        if (types.length != size) {
            throw new IllegalArgumentException(typesName + ": must have one entry per rank (" + size + "), but has "
                    + types.length);
        }
        if (counts == null || counts.length != size) {
            return layout(countsName, counts, displacementsName, displacements, size, DataType.BYTE, written);
        }
        int[] bytes = new int[size];
        for (int r = 0; r < size; r++) {
            if (types[r] == null) {
                throw new IllegalArgumentException(typesName + ": [" + r + "] must not be null");
            }
            if (counts[r] < 0) {
                throw new IllegalArgumentException(countsName + ": must be >= 0, but [" + r + "] is " + counts[r]);
            }
            bytes[r] = types[r].bytesFor(counts[r]);
        }
        return layout(countsName, bytes, displacementsName, displacements, size, DataType.BYTE, written);
    }

    /**
     * The {@code bytes} bytes of {@code buffer} from its position that a call with blocks of
     * several types uses: checked as {@link #region} checks it, in native byte order if any of
     * {@code types} is wider than a byte.
     */
    public static ByteBuffer regionOfTypes(String name, ByteBuffer buffer, int bytes, DataType[] types) {
        DataType widest = DataType.BYTE;
        for (DataType type : types) {
            widest = type.sizeInBytes() > widest.sizeInBytes() ? type : widest;
        }
        region(name, buffer, 0, widest);
        return region(name, buffer, bytes, DataType.BYTE);
    }

    /**
     * True if {@code send}'s {@code blockBytes} bytes are the same memory as block {@code block} of
     * {@code receive} (a gather in place: the rank's own block is already where it belongs); false
     * if they share no byte with any of {@code receive}'s {@code receiveBytes}.
     *
     * @throws IllegalArgumentException if they share some bytes otherwise
     */
    public static boolean isOwnBlock(String sendName, ByteBuffer send, String receiveName, ByteBuffer receive, int block,
                              int blockBytes, int receiveBytes) {
        int ownAt = receive.position() + block * blockBytes;
        if (Overlap.of(send, send.position(), blockBytes, receive, ownAt, blockBytes) == Overlap.SAME) {
            return true;
        }
        if (Overlap.of(send, send.position(), blockBytes, receive, receive.position(), receiveBytes) != Overlap.NONE) {
            throw new IllegalArgumentException(sendName + ": its " + blockBytes + " bytes from position " + send.position()
                    + " overlap the " + receiveBytes + " bytes of " + receiveName + " from position " + receive.position()
                    + " without being this rank's block " + block + " of it; overlapping send and receive buffers are "
                    + "erroneous (as in MPI): pass null (or that block) as " + sendName + " to work in place, or separate memory");
        }
        return false;
    }

    /**
     * Checks a caller buffer's region against what the chosen algorithm's schedule does with its
     * slot, before anything is sent: the schedule must stay inside it (else the library is wrong),
     * and a read-only one must not be written. Only the schedule knows whether it writes a slot
     * (a broadcast's root never receives; a reduction writes its output), so this comes after the
     * algorithm is chosen.
     */
    public static void checkBinding(String name, ByteBuffer region, Schedule schedule, int slot) {
        if (region == null) {
            return;
        }
        if (schedule.slotBytes(slot) > region.capacity()) {
            throw new IllegalStateException(schedule.algorithm() + " addresses " + schedule.slotBytes(slot) + " bytes of "
                    + name + ", more than the " + region.capacity() + " bytes that count and type give it");
        }
        if (region.isReadOnly() && schedule.writes(slot)) {
            throw new IllegalArgumentException(name + ": the collective writes into this buffer on rank "
                    + schedule.rank() + " (" + schedule.algorithm() + "), but it is read-only");
        }
    }

    /**
     * Refuses a send and a receive region that share memory where the call has no in-place form
     * between them (a reduce-scatter or v-all-to-all's in place is a null send buffer).
     */
    public static void checkApart(ByteBuffer send, ByteBuffer receive) {
        if (send != null && Overlap.of(send, 0, send.capacity(), receive, 0, receive.capacity()) != Overlap.NONE) {
            throw new IllegalArgumentException("sendBuffer: shares memory with receiveBuffer; overlapping send and receive "
                    + "buffers are erroneous (as in MPI): pass null as sendBuffer to work in place, or separate memory");
        }
    }

    /** A rooted collective's buffer that only the root may leave out (in place): refused as null on {@code rank}. */
    public static ByteBuffer requireNotInPlace(String name, ByteBuffer buffer, int rank, int root) {
        if (buffer == null) {
            throw new IllegalArgumentException(name + ": must not be null on rank " + rank + ", which is not the root "
                    + root + " (only the root may work in place)");
        }
        return buffer;
    }

    /**
     * A gather's or scatter's buffers on one rank, checked: {@code whole}, the root's P blocks in
     * rank order (null elsewhere), and {@code own}, this rank's block (null at a root in place).
     */
    public record RootedBuffers(ByteBuffer whole, ByteBuffer own, boolean inPlace) {
    }

    /**
     * Checks a gather's or scatter's buffers: at the root {@code wholeName} must hold P x
     * {@code count} elements, and {@code ownName} null or the same memory as the root's block of it
     * means in place; elsewhere only {@code ownName} counts, {@code count} elements, not null. The
     * two collectives mirror each other: the whole buffer is a gather's receive buffer and a
     * scatter's send buffer.
     */
    public static RootedBuffers rootedBlocks(int rank, int root, int size, String wholeName, ByteBuffer whole,
                                             String ownName, ByteBuffer own, int count, DataType type) {
        int blockBytes = type.bytesFor(count);
        type.bytesFor((long) count * size); // refuses P blocks larger than a buffer, naming count
        if (rank != root) {
            return new RootedBuffers(null, region(ownName, requireNotInPlace(ownName, own, rank, root), count, type), false);
        }
        ByteBuffer wholeRegion = region(wholeName, whole, count * size, type);
        ByteBuffer ownRegion = own == null ? null : region(ownName, own, count, type);
        boolean inPlace = ownRegion == null
                || isOwnBlock(ownName, own, wholeName, whole, rank, blockBytes, wholeRegion.capacity());
        return new RootedBuffers(wholeRegion, inPlace ? null : ownRegion, inPlace);
    }
}
