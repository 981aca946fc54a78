package dev.nbc.core.progress;

import dev.nbc.core.check.CallSignature;
import dev.nbc.core.check.GatheredSignatures;
import dev.nbc.core.request.NbcException;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Operation;
import dev.nbc.core.schedule.Round;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.Slots;
import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.Transport;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * One run of a schedule: the buffers bound to its slots, the tag it took, the round it is in and
 * that round's pending transport operations. Touched only by the thread that progresses the
 * engine.
 */
final class Execution {
    private static final ByteBuffer EMPTY = ByteBuffer.allocateDirect(0);

    private final Schedule schedule;
    private final Transport transport;
    private final int tag;
    private final ByteBuffer input;
    private final ByteBuffer output;
    private final Request request;
    /** The call's signature, for a schedule with the consistency check's rounds; else null. */
    private final CallSignature signature;
    private ByteBuffer[] slots;
    /** The pool's buffers behind the scratch slots, to give back; null without scratch slots or once released. */
    private ScratchPool.Block[] scratchBlocks;
    private RoundTimes times;
    private int round = -1;
    /** When the current round's communication was posted (the time of the pass that posted it). */
    private long roundPostedAt;
    /** The time of the pass running this execution now. */
    private long passTime;
    /** Whether a pass has polled the current round since it was posted. */
    private boolean roundPolled;
    /**
     * How long after posting the last poll found the current round still running, or
     * {@link RoundTimes#NEVER_SEEN_RUNNING} (kept for {@link RoundTimes#observe}).
     */
    private long stillRunningAt = RoundTimes.NEVER_SEEN_RUNNING;
    private PendingOperation[] pending = new PendingOperation[4];
    private int pendingCount;
    /** Polls since one of the current round's operations last completed (for {@link #watchForLostPeer}). */
    private int pollsWithoutProgress;
    /** When a sampled poll first found the round without progress (System.nanoTime), or {@link #PROGRESSING}. */
    private long stalledSince = PROGRESSING;
    private static final long PROGRESSING = Long.MIN_VALUE;
    /** The clock is read on the first poll that finds no progress and on every this-many-th after it: no read on the fast path. */
    private static final int STALL_SAMPLE = 64;

    Execution(Schedule schedule, Transport transport, int tag, ByteBuffer input, ByteBuffer output, Request request,
              CallSignature signature) {
        this.schedule = schedule;
        this.transport = transport;
        this.tag = tag;
        this.input = input;
        this.output = output;
        this.request = request;
        this.signature = signature;
    }

    /** Run before the request completes successfully (a copy-out of staged buffers), or null. */
    private Runnable beforeCompletion;

    void beforeCompletion(Runnable action) {
        this.beforeCompletion = action;
    }

    Runnable beforeCompletion() {
        return beforeCompletion;
    }

    Request request() {
        return request;
    }

    Schedule schedule() {
        return schedule;
    }

    Transport transport() {
        return transport;
    }

    /**
     * When a progress thread should poll this execution. Where the transport moves data only when
     * polled (MPI: a rendezvous message waits for the receiver to match it), at once after its
     * round was posted, so that the transfer starts; after that, and on other transports, when the
     * round is expected to have completed (its post time plus the round's learned duration; its
     * post time if never observed, so that it is polled soon). Never, if this is the last round
     * that communicates, the transport moves its messages without polling
     * ({@link Transport#bytesMovedWithoutPolling()}) and {@code lastRoundToo} is false: completing
     * it early would start nothing new, and whoever awaits the collective completes it as fast. At
     * once without round times (started while no SHARED thread needed them: the engine's policy
     * changed since), so that the thread still polls it, with its back-off.
     *
     * <p>An expected completion is never more than {@link ProgressEngine#MAX_POLL_NANOS} after the
     * pass that computes it: a learned duration is only an upper bound (completions are seen when
     * somebody polls), and one long round (a peer that came late) taught the thread to sleep that
     * long on every later run of the schedule; with nobody else polling, each such run was again
     * seen that late, so the estimate never came down.
     *
     * @param lastRoundToo true once the application may wait for completions without calling in
     *                     (it took a request's future): then nobody else would poll the last round
     */
    long dueAt(boolean lastRoundToo) {
        if (times == null) {
            return roundPostedAt;
        }
        if (!lastRoundToo && times.isLastCommunication(round)
                && times.largestMessage(round) <= transport.bytesMovedWithoutPolling()) {
            return Long.MAX_VALUE;
        }
        if (transport.transfersWithoutPolling()) {
            return expectedEnd();
        }
        return roundPolled ? expectedEnd() : roundPostedAt;
    }

    /** When the current round is expected to be complete, bounded by the next poll a thread owes it. */
    private long expectedEnd() {
        return Math.min(roundPostedAt + times.expected(round), passTime + owedPollInterval());
    }

    /**
     * How long a round in flight may go unpolled: {@link ProgressEngine#MAX_POLL_NANOS}, or for a
     * message longer than {@link ProgressEngine#POLL_PACE_BYTES} the time that many bytes of it take
     * at the round's learned pace, at most {@link ProgressEngine#MAX_PACED_POLL_NANOS} (a round that
     * once took seconds must not leave the next ones unpolled for as long).
     */
    private long owedPollInterval() {
        int largest = times.largestMessage(round);
        if (largest <= ProgressEngine.POLL_PACE_BYTES) {
            return ProgressEngine.MAX_POLL_NANOS;
        }
        long paced = times.expected(round) * ProgressEngine.POLL_PACE_BYTES / largest;
        return Math.max(ProgressEngine.MAX_POLL_NANOS, Math.min(ProgressEngine.MAX_PACED_POLL_NANOS, paced));
    }

    /**
     * Binds buffers and starts the first round; true if the whole schedule is already done.
     *
     * @param times this schedule's learned round durations, updated as rounds complete; null if
     *              nobody needs them (no progress thread)
     * @param now   the pass's time (System.nanoTime), if {@code times} is not null
     * @param scratch where scratch slots come from; null for a schedule that {@link Schedule#runsLocally()},
     *                whose scratch slots (declared, never touched) stay unbound
     */
    boolean start(ScratchPool scratch, RoundTimes times, long now) {
        this.times = times;
        this.passTime = now;
        slots = new ByteBuffer[scratch == null ? Slots.FIRST_SCRATCH : schedule.slotCount()];
        slots[Slots.INPUT] = input != null ? input : EMPTY;
        slots[Slots.OUTPUT] = output != null ? output : EMPTY;
        if (slots.length > Slots.FIRST_SCRATCH) {
            scratchBlocks = new ScratchPool.Block[slots.length - Slots.FIRST_SCRATCH];
            for (int slot = Slots.FIRST_SCRATCH; slot < slots.length; slot++) {
                ScratchPool.Block block = scratch.take(schedule.slotBytes(slot));
                scratchBlocks[slot - Slots.FIRST_SCRATCH] = block;
                slots[slot] = block.view();
            }
        }
        return advanceRounds();
    }

    /** The index of the round in progress (-1 before the start). */
    int currentRound() {
        return round;
    }

    /**
     * Polls the current round; true once the whole schedule is done. {@code now} as for
     * {@link #start}.
     *
     * @param peerTimeoutNanos how long the round may go without any of its operations completing
     *                         before it fails with {@link PeerLostException}; 0 for ever
     */
    boolean poll(long now, long peerTimeoutNanos) {
        passTime = now;
        roundPolled = true;
        boolean progressed = false;
        // Stop at the first operation still in flight: the round is not done, and on MPI every
        // test is a JNI call that runs the library's whole progress engine, so testing the rest
        // too only multiplied the cost of a poll that finds nothing. The operations not tested
        // still advance: a transport's test advances all of its operations (Transport's contract),
        // so a send waiting for its receiver to match it never waits on a receive left untested.
        for (int i = 0; i < pendingCount; i++) {
            PendingOperation operation = pending[i];
            if (operation != null) {
                if (!operation.test()) {
                    if (times != null) {
                        stillRunningAt = now - roundPostedAt;
                    }
                    if (peerTimeoutNanos > 0) {
                        watchForLostPeer(i, progressed, peerTimeoutNanos);
                    }
                    return false;
                }
                pending[i] = null;
                progressed = true;
            }
        }
        if (times != null) {
            times.observe(round, stillRunningAt, now - roundPostedAt);
        }
        EngineTrace.note(EngineTrace.Event.COMPLETED, round);
        return advanceRounds();
    }

    /**
     * Fails the round once none of its operations has completed for {@code timeoutNanos}, naming
     * the peer of the operation it waits for ({@code waiting}, an index into {@code pending}).
     * Measured from the first poll that found no progress, not from the post: a round posted long
     * before anybody polled it (MANUAL progress) is not a lost peer.
     */
    private void watchForLostPeer(int waiting, boolean progressed, long timeoutNanos) {
        if (progressed) {
            pollsWithoutProgress = 0;
            stalledSince = PROGRESSING;
        }
        if (pollsWithoutProgress++ % STALL_SAMPLE != 0) {
            return;
        }
        long now = System.nanoTime();
        if (stalledSince == PROGRESSING) {
            stalledSince = now;
        } else if (now - stalledSince > timeoutNanos) {
            Operation operation = postedOperation(waiting);
            int peer;
            String what;
            if (operation instanceof Operation.Send s) {
                peer = s.peer();
                what = "its send of " + s.length() + " B to";
            } else {
                Operation.Receive r = (Operation.Receive) operation;
                peer = r.peer();
                what = "its receive of " + r.length() + " B from";
            }
            throw new PeerLostException(peer, "no progress for " + PeerTimeout.describe(now - stalledSince) + ", waiting on "
                    + what + " rank " + peer + ": that rank is unreachable, stopped, or did not call this collective ("
                    + PeerTimeout.VARIABLE + " is " + PeerTimeout.describe(timeoutNanos) + "; 0 waits for ever)");
        }
    }

    /** The send or receive of the current round that was posted as {@code pending[index]}. */
    private Operation postedOperation(int index) {
        int posted = 0;
        for (Operation operation : schedule.rounds().get(round).communication()) {
            if ((operation instanceof Operation.Send || operation instanceof Operation.Receive) && posted++ == index) {
                return operation;
            }
        }
        throw new IllegalStateException("round " + round + " of " + schedule + " posted no operation " + index);
    }

    /** Starts rounds until one has communication in flight; true if none is left. */
    private boolean advanceRounds() {
        List<Round> rounds = schedule.rounds();
        while (++round < rounds.size()) {
            if (post(rounds.get(round))) {
                return false;
            }
        }
        return true;
    }

    /** Runs a round's local operations, then posts its communication; true if any was posted. */
    private boolean post(Round round) {
        // indexed loops: an iterator per round and call was a tenth of what a small collective allocated
        List<Operation> local = round.local();
        for (int i = 0; i < local.size(); i++) {
            Operation operation = local.get(i);
            if (operation instanceof Operation.Reduce r) {
                reduce(r);
            } else if (operation instanceof Operation.Copy c) {
                copy(slots[c.sourceSlot()], c.sourceOffset(), slots[c.targetSlot()], c.targetOffset(), c.length());
            } else if (operation instanceof Operation.Sign s) {
                signature().writeTo(slots[s.slot()], s.offset());
            } else if (operation instanceof Operation.Verify v) {
                GatheredSignatures.verify(slots[v.slot()], v.offset(), schedule.rank(), schedule.size());
            }
        }
        List<Operation> communication = round.communication();
        if (pending.length < communication.size()) {
            pending = new PendingOperation[communication.size()];
        }
        pendingCount = 0;
        for (int i = 0; i < communication.size(); i++) {
            Operation operation = communication.get(i);
            if (operation instanceof Operation.Send s) {
                pending[pendingCount++] = transport.send(slots[s.slot()], s.offset(), s.length(), s.peer(), tag);
            } else if (operation instanceof Operation.Receive r) {
                pending[pendingCount++] = transport.receive(slots[r.slot()], r.offset(), r.length(), r.peer(), tag);
            }
        }
        roundPostedAt = passTime;
        if (pendingCount > 0) {
            EngineTrace.note(EngineTrace.Event.POSTED, this.round);
        }
        roundPolled = false;
        pollsWithoutProgress = 0;
        stalledSince = PROGRESSING;
        stillRunningAt = RoundTimes.NEVER_SEEN_RUNNING;
        return pendingCount > 0;
    }

    /** The transport's library combines when it has a faster loop (MPI_Reduce_local), else ReduceOp. */
    private void reduce(Operation.Reduce r) {
        ByteBuffer source = slots[r.sourceSlot()];
        ByteBuffer target = slots[r.targetSlot()];
        // MPI_Reduce_local combines into its second buffer only; nbc's own kernel also takes three
        if (r.inPlace() && transport.reduceLocally(schedule.op(), schedule.type(), source, r.sourceOffset(), target,
                r.targetOffset(), r.count(), r.sourceIsLeft())) {
            return;
        }
        schedule.op().apply(schedule.type(), source, r.sourceOffset(), slots[r.operandSlot()], r.operandOffset(), target,
                r.targetOffset(), r.count(), r.sourceIsLeft());
    }

    private CallSignature signature() {
        if (signature == null) {
            throw new IllegalStateException(schedule + " has the consistency check's rounds, but its call was started without a signature");
        }
        return signature;
    }

    /** An absolute bulk copy: no views of the buffers (two a copy, wherever the JIT did not eliminate them). */
    private static void copy(ByteBuffer source, int sourceOffset, ByteBuffer target, int targetOffset, int length) {
        target.put(targetOffset, source, sourceOffset, length);
    }

    /**
     * After a failure: withdraws what the current round still has posted (receives that nothing
     * matched yet), so that the transport lets go of this execution's buffers as soon as it can.
     * {@link #drained()} then tells when it has.
     */
    void cancelRound() {
        for (int i = 0; i < pendingCount; i++) {
            if (pending[i] != null) {
                pending[i].cancel();
            }
        }
    }

    /**
     * After a failure: polls what the current round still has posted, and true once none of it
     * can touch this execution's buffers any more (completed, withdrawn or failed). Until then its
     * scratch buffers must not go back to the pool: a receive could still land in them.
     */
    boolean drained() {
        for (int i = 0; i < pendingCount; i++) {
            PendingOperation operation = pending[i];
            if (operation == null) {
                continue;
            }
            boolean over;
            try {
                over = operation.test();
            } catch (RuntimeException failed) {
                over = true; // a failed operation is over; its failure was reported or is moot now
            }
            if (!over) {
                return false;
            }
            pending[i] = null;
        }
        return true;
    }

    /**
     * Returns scratch buffers to the pool once the execution has finished, successfully or not
     * (then drained); after a failed start, those it had taken.
     */
    void release(ScratchPool scratch) {
        if (scratchBlocks != null) {
            for (ScratchPool.Block block : scratchBlocks) {
                if (block != null) {
                    scratch.give(block);
                }
            }
            scratchBlocks = null;
        }
        slots = null;
    }

    /** The failure to report for {@code cause}, naming collective, rank, round and tag. */
    NbcException failure(Throwable cause) {
        String where = request.description() + " (" + schedule.algorithm().name() + "), round "
                + Math.max(0, round) + " of " + schedule.depth() + ", tag " + tag + " on " + transport.name();
        return new NbcException(where + ": " + cause.getMessage(), cause);
    }
}
