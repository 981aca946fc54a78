package dev.nbc.core.schedule;

/**
 * One step of a schedule round. Buffers are named by slot ({@link Slots}); offsets and lengths are
 * in bytes, element counts in elements of the schedule's data type.
 */
public sealed interface Operation
        permits Operation.Send, Operation.Receive, Operation.Reduce, Operation.Copy, Operation.Sign, Operation.Verify {

    /** True for operations that run on this rank's CPU without the transport. */
    default boolean isLocal() {
        return !(this instanceof Send || this instanceof Receive);
    }

    /** The highest slot this operation reads or writes (scratch slots are the high ones, {@link Slots}). */
    int highestSlot();

    /** Send bytes {@code [offset, offset+length)} of slot {@code slot} to {@code peer}. */
    record Send(int slot, int offset, int length, int peer) implements Operation {
        @Override
        public int highestSlot() {
            return slot;
        }
    }

    /** Receive into bytes {@code [offset, offset+length)} of slot {@code slot} from {@code peer}. */
    record Receive(int slot, int offset, int length, int peer) implements Operation {
        @Override
        public int highestSlot() {
            return slot;
        }
    }

    /**
     * Combine {@code count} elements of the source range with those of the operand range into the
     * target range with the schedule's operation: {@code target = source op operand} if
     * {@code sourceIsLeft}, else {@code target = operand op source} (rank order for
     * non-commutative operations). The operand is usually the target itself; a separate operand
     * (which must not overlap the target unless it is the target) spares the copy that would
     * otherwise put it there first.
     */
    record Reduce(int sourceSlot, int sourceOffset, int operandSlot, int operandOffset, int targetSlot, int targetOffset,
                  int count, boolean sourceIsLeft) implements Operation {

        /** {@code target = source op target} (or {@code target op source}). */
        public Reduce(int sourceSlot, int sourceOffset, int targetSlot, int targetOffset, int count, boolean sourceIsLeft) {
            this(sourceSlot, sourceOffset, targetSlot, targetOffset, targetSlot, targetOffset, count, sourceIsLeft);
        }

        /** True if the operand is the target's own content. */
        public boolean inPlace() {
            return operandSlot == targetSlot && operandOffset == targetOffset;
        }

        @Override
        public int highestSlot() {
            return Math.max(sourceSlot, Math.max(operandSlot, targetSlot));
        }
    }

    /** Copy {@code length} bytes from one slot range to another. */
    record Copy(int sourceSlot, int sourceOffset, int targetSlot, int targetOffset, int length) implements Operation {
        @Override
        public int highestSlot() {
            return Math.max(sourceSlot, targetSlot);
        }
    }

    /**
     * Write the signature of the call this run belongs to ({@code length} bytes,
     * {@code dev.nbc.core.check.CallSignature}) at {@code offset} of {@code slot}: the consistency
     * check's first step, before the signatures are exchanged.
     */
    record Sign(int slot, int offset, int length) implements Operation {
        @Override
        public int highestSlot() {
            return slot;
        }
    }

    /**
     * Compare the signatures of all ranks, gathered in bytes {@code [offset, offset+length)} of
     * {@code slot} (record {@code i} from rank {@code (rank + i) mod P}), and fail the collective
     * on this rank if any differs from this rank's own: the consistency check's last step, before
     * any data moves ({@code dev.nbc.core.check.GatheredSignatures}).
     */
    record Verify(int slot, int offset, int length) implements Operation {
        @Override
        public int highestSlot() {
            return slot;
        }
    }
}
