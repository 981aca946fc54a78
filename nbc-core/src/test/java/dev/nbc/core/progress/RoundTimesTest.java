package dev.nbc.core.progress;

import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.schedule.Schedule;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The learned round durations: biased low, and which round is the last that communicates. */
class RoundTimesTest {
    private final Schedule barrierOf8 = BarrierAlgorithm.DISSEMINATION.build(0, 8); // 3 rounds

    @Test
    void unknownUntilObservedThenDropsAtOnceAndRisesBySixteenths() {
        RoundTimes times = new RoundTimes(barrierOf8);
        assertEquals(0, times.expected(1));
        times.observe(1, 16_000);
        assertEquals(16_000, times.expected(1));
        times.observe(1, 4_000);
        assertEquals(4_000, times.expected(1), "a shorter observation is taken at once");
        times.observe(1, 20_000);
        assertEquals(5_000, times.expected(1), "a longer one moves it by a sixteenth of the difference");
        assertEquals(0, times.expected(0), "rounds are learned separately");
    }

    @Test
    void aZeroDurationStillCountsAsObserved() {
        RoundTimes times = new RoundTimes(barrierOf8);
        times.observe(0, 0);
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
