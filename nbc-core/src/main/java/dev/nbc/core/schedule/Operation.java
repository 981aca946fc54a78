package dev.nbc.core.schedule;

/**
 * One step of a schedule round. Buffers are named by slot ({@link Slots}); offsets and lengths are
 * in bytes, element counts in elements of the schedule's data type.
 */
public sealed interface Operation permits Operation.Send, Operation.Receive, Operation.Reduce, Operation.Copy {

    /** True for operations that run on this rank's CPU without the transport. */
    default boolean isLocal() {
        return this instanceof Reduce || this instanceof Copy;
    }

    /** Send bytes {@code [offset, offset+length)} of slot {@code slot} to {@code peer}. */
    record Send(int slot, int offset, int length, int peer) implements Operation {
    }

    /** Receive into bytes {@code [offset, offset+length)} of slot {@code slot} from {@code peer}. */
    record Receive(int slot, int offset, int length, int peer) implements Operation {
    }

    /**
     * Combine {@code count} elements of the source range into the target range with the schedule's
     * operation: {@code target = source op target} if {@code sourceIsLeft}, else
     * {@code target = target op source} (rank order for non-commutative operations).
     */
    record Reduce(int sourceSlot, int sourceOffset, int targetSlot, int targetOffset, int count, boolean sourceIsLeft)
            implements Operation {
    }

    /** Copy {@code length} bytes from one slot range to another. */
    record Copy(int sourceSlot, int sourceOffset, int targetSlot, int targetOffset, int length) implements Operation {
    }
}
