package dev.nbc.core.schedule;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;

import java.util.ArrayList;
import java.util.List;

/**
 * Assembles a {@link Schedule} round by round, for the algorithm builders. {@link #build()} checks
 * every operation against its slot's size and the group, so a builder's mistake fails when the
 * schedule is made, not when data is on the wire.
 */
public final class ScheduleBuilder {
    private final Collective collective;
    private final Algorithm algorithm;
    private final int rank;
    private final int size;
    private final int root;
    private final int count;
    private final DataType type;
    private final ReduceOp op;
    private int inputBytes;
    private int outputBytes;
    private final List<Integer> scratch = new ArrayList<>();
    private final List<Round> rounds = new ArrayList<>();
    private List<Operation> current;

    public ScheduleBuilder(Algorithm algorithm, int rank, int size, int root, int count, DataType type, ReduceOp op) {
        this.collective = algorithm.collective();
        this.algorithm = algorithm;
        this.rank = rank;
        this.size = size;
        this.root = root;
        this.count = count;
        this.type = type;
        this.op = op;
    }

    /**
     * A builder for a schedule like {@code schedule} (same collective, algorithm, ranks, arguments,
     * input, output and scratch slots) with no rounds yet: to put rounds before the schedule's own,
     * which {@link #rounds(List)} then appends.
     */
    public static ScheduleBuilder like(Schedule schedule) {
        ScheduleBuilder builder = new ScheduleBuilder(schedule.algorithm(), schedule.rank(), schedule.size(),
                schedule.root(), schedule.count(), schedule.type(), schedule.op())
                .inputBytes(schedule.inputBytes()).outputBytes(schedule.outputBytes());
        for (int bytes : schedule.scratchBytes()) {
            builder.scratch(bytes);
        }
        return builder;
    }

    public ScheduleBuilder inputBytes(int bytes) {
        this.inputBytes = bytes;
        return this;
    }

    public ScheduleBuilder outputBytes(int bytes) {
        this.outputBytes = bytes;
        return this;
    }

    /** Declares a scratch buffer of {@code bytes} and returns its slot. */
    public int scratch(int bytes) {
        scratch.add(bytes);
        return Slots.FIRST_SCRATCH + scratch.size() - 1;
    }

    /** Ends the current round (if any) and starts a new, empty one. Empty rounds are dropped. */
    public ScheduleBuilder round() {
        closeRound();
        current = new ArrayList<>();
        return this;
    }

    private List<Operation> current() {
        if (current == null) {
            round();
        }
        return current;
    }

    public ScheduleBuilder send(int slot, int offset, int length, int peer) {
        current().add(new Operation.Send(slot, offset, length, peer));
        return this;
    }

    public ScheduleBuilder receive(int slot, int offset, int length, int peer) {
        current().add(new Operation.Receive(slot, offset, length, peer));
        return this;
    }

    /** See {@link Operation.Reduce}; {@code count} is in elements. */
    public ScheduleBuilder reduce(int sourceSlot, int sourceOffset, int targetSlot, int targetOffset, int count, boolean sourceIsLeft) {
        return reduce(sourceSlot, sourceOffset, targetSlot, targetOffset, targetSlot, targetOffset, count, sourceIsLeft);
    }

    /** {@code target = source op operand} (or {@code operand op source}), see {@link Operation.Reduce}; {@code count} is in elements. */
    public ScheduleBuilder reduce(int sourceSlot, int sourceOffset, int operandSlot, int operandOffset, int targetSlot,
                                  int targetOffset, int count, boolean sourceIsLeft) {
        if (count > 0) {
            current().add(new Operation.Reduce(sourceSlot, sourceOffset, operandSlot, operandOffset, targetSlot, targetOffset,
                    count, sourceIsLeft));
        }
        return this;
    }

    public ScheduleBuilder copy(int sourceSlot, int sourceOffset, int targetSlot, int targetOffset, int length) {
        if (length > 0 && !(sourceSlot == targetSlot && sourceOffset == targetOffset)) {
            current().add(new Operation.Copy(sourceSlot, sourceOffset, targetSlot, targetOffset, length));
        }
        return this;
    }

    /** See {@link Operation.Sign}. */
    public ScheduleBuilder sign(int slot, int offset, int length) {
        current().add(new Operation.Sign(slot, offset, length));
        return this;
    }

    /** See {@link Operation.Verify}. */
    public ScheduleBuilder verify(int slot, int offset, int length) {
        current().add(new Operation.Verify(slot, offset, length));
        return this;
    }

    /** Ends the current round and appends {@code rounds} as they are (checked again by {@link #build()}). */
    public ScheduleBuilder rounds(List<Round> more) {
        closeRound();
        rounds.addAll(more);
        return this;
    }

    private void closeRound() {
        if (current != null && !current.isEmpty()) {
            rounds.add(Round.of(current));
        }
        current = null;
    }

    public Schedule build() {
        closeRound();
        int[] scratchBytes = scratch.stream().mapToInt(Integer::intValue).toArray();
        Schedule schedule = new Schedule(collective, algorithm, rank, size, root, count, type, op,
                inputBytes, outputBytes, scratchBytes, rounds);
        for (Round round : schedule.rounds()) {
            for (Operation operation : round.operations()) {
                check(schedule, operation);
            }
        }
        return schedule;
    }

    private void check(Schedule schedule, Operation operation) {
        int elementBytes = type.sizeInBytes();
        if (operation instanceof Operation.Send s) {
            checkPeer(s.peer(), operation);
            checkRange(schedule, s.slot(), s.offset(), s.length(), operation);
        } else if (operation instanceof Operation.Receive r) {
            checkPeer(r.peer(), operation);
            checkRange(schedule, r.slot(), r.offset(), r.length(), operation);
        } else if (operation instanceof Operation.Reduce r) {
            if (op == null) {
                throw new IllegalStateException(algorithm + ": reduction in a schedule without an operation");
            }
            checkRange(schedule, r.sourceSlot(), r.sourceOffset(), r.count() * elementBytes, operation);
            checkRange(schedule, r.operandSlot(), r.operandOffset(), r.count() * elementBytes, operation);
            checkRange(schedule, r.targetSlot(), r.targetOffset(), r.count() * elementBytes, operation);
        } else if (operation instanceof Operation.Copy c) {
            checkRange(schedule, c.sourceSlot(), c.sourceOffset(), c.length(), operation);
            checkRange(schedule, c.targetSlot(), c.targetOffset(), c.length(), operation);
        } else if (operation instanceof Operation.Sign s) {
            checkRange(schedule, s.slot(), s.offset(), s.length(), operation);
        } else if (operation instanceof Operation.Verify v) {
            checkRange(schedule, v.slot(), v.offset(), v.length(), operation);
        }
    }

    private void checkPeer(int peer, Operation operation) {
        if (peer < 0 || peer >= size) {
            throw new IllegalStateException(algorithm + " built " + operation + " with a peer outside 0.." + (size - 1));
        }
    }

    private void checkRange(Schedule schedule, int slot, int offset, int length, Operation operation) {
        if (slot < 0 || slot >= schedule.slotCount() || offset < 0 || length < 0
                || (long) offset + length > schedule.slotBytes(slot)) {
            throw new IllegalStateException(algorithm + " built " + operation + " outside its slot ("
                    + (slot >= 0 && slot < schedule.slotCount() ? schedule.slotBytes(slot) + " bytes" : "no such slot") + ")");
        }
    }
}
