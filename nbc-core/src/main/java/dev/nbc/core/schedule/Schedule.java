package dev.nbc.core.schedule;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;

import java.util.List;

/**
 * One rank's part of one collective: rounds of point-to-point and local operations on buffer slots.
 * Immutable; it can be started any number of times (each start binds buffers and takes a tag).
 *
 * @param collective  what the schedule computes
 * @param algorithm   how
 * @param rank        the rank this schedule is for
 * @param size        the number of ranks
 * @param root        the root rank, or -1 for collectives without one
 * @param count       elements per rank's contribution (0 for a barrier)
 * @param type        element type (BYTE for a barrier)
 * @param op          reduction operation, or null if the collective reduces nothing
 * @param inputBytes  bytes the schedule reads from slot {@link Slots#INPUT} (0 if unused)
 * @param outputBytes bytes the schedule uses of slot {@link Slots#OUTPUT} (0 if unused)
 * @param scratchBytes sizes of the scratch slots, allocated per execution
 * @param rounds      the rounds, in order
 */
public record Schedule(Collective collective, Algorithm algorithm, int rank, int size, int root, int count,
                       DataType type, ReduceOp op, int inputBytes, int outputBytes, int[] scratchBytes,
                       List<Round> rounds) {

    public Schedule {
        scratchBytes = scratchBytes.clone();
        rounds = List.copyOf(rounds);
    }

    @Override
    public int[] scratchBytes() {
        return scratchBytes.clone();
    }

    /** Bytes of slot {@code slot} that this schedule addresses. */
    public int slotBytes(int slot) {
        return switch (slot) {
            case Slots.INPUT -> inputBytes;
            case Slots.OUTPUT -> outputBytes;
            default -> scratchBytes[slot - Slots.FIRST_SCRATCH];
        };
    }

    public int slotCount() {
        return Slots.FIRST_SCRATCH + scratchBytes.length;
    }

    /**
     * True if some operation writes into slot {@code slot}: a receive, or the target of a
     * reduction or copy. Tells whether a read-only buffer may be bound to it; scanned on each
     * call, which only the rare read-only buffer asks for.
     */
    public boolean writes(int slot) {
        for (Round round : rounds) {
            for (Operation operation : round.operations()) {
                if (operation instanceof Operation.Receive receive && receive.slot() == slot
                        || operation instanceof Operation.Reduce reduce && reduce.targetSlot() == slot
                        || operation instanceof Operation.Copy copy && copy.targetSlot() == slot) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * True if a run of this schedule neither sends nor receives and touches no scratch slot: a
     * collective on one rank, which is nothing or a copy between the caller's buffers. Such a run
     * needs no engine state; stops at the first round that communicates.
     */
    public boolean runsLocally() {
        // indexed loops: asked at every call's submission, so no iterators
        for (int r = 0; r < rounds.size(); r++) {
            Round round = rounds.get(r);
            if (!round.communication().isEmpty()) {
                return false;
            }
            List<Operation> local = round.local();
            for (int i = 0; i < local.size(); i++) {
                Operation operation = local.get(i);
                if (operation.highestSlot() >= Slots.FIRST_SCRATCH) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Number of rounds. */
    public int depth() {
        return rounds.size();
    }

    @Override
    public String toString() {
        return collective + "/" + algorithm.name() + " rank " + rank + " of " + size + ", " + count + " x " + type
                + (op != null ? " " + op.name() : "") + (root >= 0 ? ", root " + root : "") + ", " + rounds.size() + " rounds";
    }
}
