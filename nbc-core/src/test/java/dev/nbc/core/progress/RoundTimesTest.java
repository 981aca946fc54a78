package dev.nbc.core.progress;

import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.schedule.Schedule;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The learned round durations: each look's bound taken for what it proves, and which round is the last that communicates. */
class RoundTimesTest {
    private final Schedule barrierOf8 = BarrierAlgorithm.DISSEMINATION.build(0, 8); // 3 rounds

    private static final long FIRST_LOOK = RoundTimes.NEVER_SEEN_RUNNING;

    @Test
    void unknownUntilObservedThenDropsAtOnceToAShorterCompletion() {
        RoundTimes times = new RoundTimes(barrierOf8);
        assertEquals(0, times.expected(1));
        times.observe(1, FIRST_LOOK, 16_000);
        assertEquals(16_000, times.expected(1));
        times.observe(1, 3_000, 4_000);
        assertEquals(4_000, times.expected(1), "a round done sooner than expected is taken at once");
        assertEquals(0, times.expected(0), "rounds are learned separately");
    }

    @Test
    void lateFirstLooksNeverRaiseTheEstimateButProbeEarlier() {
        RoundTimes times = new RoundTimes(barrierOf8);
        times.observe(1, FIRST_LOOK, 90_000);
        for (int i = 0; i < 100; i++) {
            times.observe(1, FIRST_LOOK, 240_000); // the thread looked late: done "by 240 us" says nothing more
        }
        assertTrue(times.expected(1) < 90_000, "late first looks must not teach the thread to look later: " + times.expected(1));
        RoundTimes fresh = new RoundTimes(barrierOf8);
        fresh.observe(1, FIRST_LOOK, 90_000);
        fresh.observe(1, FIRST_LOOK, 95_000);
        assertEquals(90_000 - (90_000 >> 4), fresh.expected(1), "a first look after the expected time moves it a 16th earlier");
    }

    @Test
    void aLookThatFoundTheRoundStillRunningPastTheEstimateRaisesItIntoTheBracket() {
        RoundTimes times = new RoundTimes(barrierOf8);
        times.observe(1, FIRST_LOOK, 50_000);
        times.observe(1, 80_000, 100_000);
        assertEquals(90_000, times.expected(1), "still running at 80 us, done by 100 us: the middle");
        times.observe(1, 85_000, 120_000);
        assertEquals(90_000 - (90_000 >> 4), times.expected(1), "a bracket around the estimate confirms it (and probes earlier)");
    }

    @Test
    void oneRoundThatWaitedForADescheduledPeerAtMostDoublesTheEstimate() {
        RoundTimes times = new RoundTimes(barrierOf8);
        times.observe(1, FIRST_LOOK, 100_000);
        times.observe(1, 3_999_000, 4_000_000);
        assertEquals(200_000, times.expected(1));
        times.observe(1, 99_000, 100_000);
        assertEquals(100_000, times.expected(1), "the next ordinary round brings it back at once");
    }

    @Test
    void aZeroDurationStillCountsAsObserved() {
        RoundTimes times = new RoundTimes(barrierOf8);
        times.observe(0, FIRST_LOOK, 0);
        assertEquals(1, times.expected(0));
    }

    @Test
    void knowsTheLastRoundThatCommunicates() {
        RoundTimes times = new RoundTimes(barrierOf8);
        assertFalse(times.isLastCommunication(0));
        assertFalse(times.isLastCommunication(1));
        assertTrue(times.isLastCommunication(2));
    }
}
