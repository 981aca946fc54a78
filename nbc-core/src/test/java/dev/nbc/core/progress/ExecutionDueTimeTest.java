package dev.nbc.core.progress;

import dev.nbc.core.Buffers;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.internal.RequestAccess;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.testing.ScriptedTransport;
import dev.nbc.core.testing.NoEngine;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * When a SHARED progress thread polls an execution, on given clock values (no clock is read): at
 * the round's learned duration, but never later than the longest poll interval after a pass, so
 * that one slow round does not teach the thread to leave later runs unpolled for as long.
 */
class ExecutionDueTimeTest {
    private static final long T0 = 1_000_000_000L;
    private final Schedule barrier = BarrierAlgorithm.DISSEMINATION.build(0, 8);
    private final RoundTimes times = new RoundTimes(barrier);


    /** An execution of the barrier whose operations never complete, its first round posted at T0 and polled at {@code polledAt}. */
    private Execution postedAndPolledAt(long polledAt) {
        ScriptedTransport transport = new ScriptedTransport(0, 8).behave(() -> () -> false);
        Execution execution = new Execution(barrier, transport, 0, null, null,
                RequestAccess.create(() -> "IBARRIER", BarrierAlgorithm.DISSEMINATION, NoEngine.INSTANCE), null);
        assertFalse(execution.start(new ScratchPool(1 << 20), times, T0));
        assertEquals(T0, execution.dueAt(false), "a transport that moves data only when polled: at once after posting");
        assertFalse(execution.poll(polledAt, 0));
        return execution;
    }

    /** A broadcast's leaf at P = 2 (one round: its receive of {@code bytes}), posted at T0 on a transport that moves up to 4 KiB without polling. */
    private static Execution leafOfBroadcast(int bytes) {
        return leafOfBroadcast(bytes, 0);
    }

    /** As {@link #leafOfBroadcast(int)}, its round learned to take {@code learnedNanos} (if not 0). */
    private static Execution leafOfBroadcast(int bytes, long learnedNanos) {
        Schedule leaf = BcastAlgorithm.BINOMIAL.build(1, 2, 0, bytes, DataType.BYTE, 0);
        ScriptedTransport transport = new ScriptedTransport(1, 2).behave(() -> () -> false).movesWithoutPolling(4096);
        Execution execution = new Execution(leaf, transport, 0, null, Buffers.allocate(bytes, DataType.BYTE),
                RequestAccess.create(() -> "IBCAST", BcastAlgorithm.BINOMIAL, NoEngine.INSTANCE), null);
        RoundTimes times = new RoundTimes(leaf);
        if (learnedNanos != 0) {
            times.observe(0, RoundTimes.NEVER_SEEN_RUNNING, learnedNanos);
        }
        assertFalse(execution.start(new ScratchPool(1 << 20), times, T0));
        return execution;
    }

    @Test
    void aLastRoundOfMessagesTheTransportMovesWithoutPollingNeedsNoThread() {
        assertEquals(Long.MAX_VALUE, leafOfBroadcast(4096).dueAt(false), "4 KiB: whoever awaits it completes it as fast");
        assertEquals(T0, leafOfBroadcast(4096).dueAt(true), "but a thread is owed it once the application may wait on a future");
        assertEquals(T0, leafOfBroadcast(4097).dueAt(false), "a longer message may wait for a poll: at once after posting");
    }

    @Test
    void aRoundIsDueWhenItsLearnedDurationHasPassed() {
        times.observe(0, RoundTimes.NEVER_SEEN_RUNNING, 50_000);
        assertEquals(T0 + 50_000, postedAndPolledAt(T0 + 10).dueAt(false));
    }

    @Test
    void aLongMessageIsPolledOncePerPaceOfItsBytesAtTheLearnedPace() {
        Execution leaf = leafOfBroadcast(4 * ProgressEngine.POLL_PACE_BYTES, 16_000_000);   // 16 ms for four paces
        assertFalse(leaf.poll(T0 + 10, 0));
        assertEquals(T0 + 10 + 4_000_000, leaf.dueAt(false), "a poll owed after a quarter of the round, not after 1 ms");
    }

    @Test
    void aLongMessageThatOnceTookSecondsIsStillPolledWithinTheLongestPacedInterval() {
        Execution leaf = leafOfBroadcast(4 * ProgressEngine.POLL_PACE_BYTES, 10_000_000_000L);   // a peer 10 s late once
        assertFalse(leaf.poll(T0 + 10, 0));
        assertEquals(T0 + 10 + ProgressEngine.MAX_PACED_POLL_NANOS, leaf.dueAt(false));
    }

    @Test
    void afterAPassThatMovedNothingTheThreadSleepsToTheNextDueRoundUnlessSomebodyWaits() {
        long now = T0;
        long poll = 40_000;
        assertEquals(now + 900_000, ProgressEngine.nextLookAfterIdlePass(now, poll, now + 900_000, false),
                "the next round is due after the back-off: no look before it");
        assertEquals(now + poll, ProgressEngine.nextLookAfterIdlePass(now, poll, now + 900_000, true),
                "a blocked waiter: the back-off");
        assertEquals(now + poll, ProgressEngine.nextLookAfterIdlePass(now, poll, now - 5_000, false),
                "an overdue round: the back-off");
        assertEquals(now + ProgressEngine.MAX_PACED_POLL_NANOS,
                ProgressEngine.nextLookAfterIdlePass(now, poll, Long.MAX_VALUE, false), "nothing due: the longest paced interval");
    }

    @Test
    void aRoundThatOnceTookLongIsStillPolledWithinTheLongestPollInterval() {
        times.observe(0, RoundTimes.NEVER_SEEN_RUNNING, 10_000_000_000L); // a peer came 10 s late once
        assertEquals(T0 + 10 + ProgressEngine.MAX_POLL_NANOS, postedAndPolledAt(T0 + 10).dueAt(false),
                "due after the longest poll interval, not 10 s after posting");
    }
}
