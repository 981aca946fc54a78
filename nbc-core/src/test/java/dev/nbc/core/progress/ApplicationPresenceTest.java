package dev.nbc.core.progress;

import dev.nbc.core.internal.ProgressHook;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Who is inside the library, how the application's absences are classified, and when to take
 * over; on a clock of the test's, which also counts its reads.
 */
class ApplicationPresenceTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final AtomicInteger reads = new AtomicInteger();
    private final ApplicationPresence presence = new ApplicationPresence(() -> {
        reads.incrementAndGet();
        return now.get();
    });

    /** One call into the library and out, then {@code awayNanos} away. */
    private void call(boolean exactTime, long awayNanos) {
        presence.enter();
        assertTrue(presence.exit(false, exactTime));
        now.addAndGet(awayNanos);
    }

    @Test
    void nestedCallsLeaveOnlyAtTheOutermostExit() {
        presence.enter();
        presence.enter();
        assertFalse(presence.exit(false, true), "a nested exit does not leave");
        assertTrue(presence.anyInside());
        assertEquals(Long.MAX_VALUE, presence.takeOverAt(), "no take-over while inside");
        assertTrue(presence.exit(false, true));
        assertFalse(presence.anyInside());
        assertEquals(now.get() + ApplicationPresence.ABSENT_NANOS, presence.takeOverAt());
    }

    @Test
    void backToBackCallsAreNotOftenAwayAndAreTakenOverOnlyAfterALongAbsence() {
        for (int i = 0; i < 50; i++) {
            call(true, 1_000);
        }
        assertFalse(presence.oftenAway());
        presence.enter();
        presence.exit(false, true);
        assertEquals(now.get() + ApplicationPresence.ABSENT_NANOS, presence.takeOverAt());
    }

    @Test
    void anApplicationThatComputesBetweenCallsIsOftenAwayAndTakenOverSoon() {
        for (int i = 0; i < 4; i++) {
            call(true, 1_000_000); // far longer than LONG_ABSENCE_NANOS
        }
        presence.enter();
        presence.exit(false, true);
        assertTrue(presence.oftenAway());
        assertEquals(now.get() + ApplicationPresence.HANDOFF_NANOS, presence.takeOverAt());
    }

    @Test
    void aBlockedWaiterIsTakenOverAtOnce() {
        presence.enter();
        presence.block();
        presence.exit(true, false);
        assertTrue(presence.anyBlocked());
        assertEquals(now.get() - ApplicationPresence.HANDOFF_NANOS, presence.takeOverAt());
        presence.unblock();
        assertFalse(presence.anyBlocked());
    }

    @Test
    void withoutExactTimesBackToBackCallsReadTheClockOnceInEightCalls() {
        int calls = 8 * ApplicationPresence.TIMED_ONE_IN;
        reads.set(0);
        for (int i = 0; i < calls; i++) {
            call(false, 1_000);
        }
        // One timed exit in TIMED_ONE_IN, and the enter after it: two reads per eight calls.
        assertEquals(2 * calls / ApplicationPresence.TIMED_ONE_IN, reads.get());
        assertFalse(presence.oftenAway());
        reads.set(0);
        for (int i = 0; i < calls; i++) {
            call(true, 1_000);
        }
        assertEquals(2 * calls, reads.get(), "exact times (SHARED) read the clock at every exit and enter");
    }

    @Test
    void withoutExactTimesAComputingApplicationIsFoundOftenAwayWithinAFewCallsAndThenTimedEveryCall() {
        int calls = 0;
        while (!presence.oftenAway()) {
            call(false, 1_000_000);
            calls++;
            assertTrue(calls <= ApplicationPresence.TIMED_ONE_IN + 3, "still not often away after " + calls + " calls");
        }
        presence.enter();
        presence.exit(false, false);
        assertEquals(now.get() + ApplicationPresence.HANDOFF_NANOS, presence.takeOverAt(),
                "once absences are long, every exit is timed");
    }

    @Test
    void anUntimedExitIsTakenOverAtOnceIfThePolicyTurnsShared() {
        for (int i = 0; i < ApplicationPresence.TIMED_ONE_IN; i++) {
            call(true, 1_000); // settle: short absences, nothing long in the average
        }
        presence.enter();
        presence.exit(false, false);
        assertEquals(now.get(), presence.takeOverAt());
    }

    @Test
    void aCallersOwnReadingsDateTheAbsenceAndTheExitWithoutAReadOfTheClock() {
        long entered = now.get();
        presence.enter(entered);
        presence.exit(false, true, entered + 500);
        now.addAndGet(1_000_000);
        reads.set(0);
        presence.enter(now.get());
        presence.exit(false, true, now.get());
        assertEquals(0, reads.get(), "times given by the caller are used, not read again");
        assertEquals(now.get() + ApplicationPresence.ABSENT_NANOS, presence.takeOverAt());
        for (int i = 0; i < 4; i++) {
            now.addAndGet(1_000_000); // long absences, measured from the given exit times
            presence.enter(now.get());
            presence.exit(false, true, now.get());
        }
        assertTrue(presence.oftenAway());
        assertEquals(0, reads.get());
        presence.enter(ProgressHook.CLOCK_NOT_READ);
        presence.exit(false, true, ProgressHook.CLOCK_NOT_READ);
        assertEquals(2, reads.get(), "without a reading of the caller's, the presence reads its own clock");
    }

    @Test
    void computingBeforeAStartIsNotComputingAfterIt() {
        // compute, then start and wait at once: long absences, but none after a start
        for (int i = 0; i < 16; i++) {
            now.addAndGet(100_000);            // computes
            presence.enter();                  // start
            presence.exit(false, true);
            presence.leftWorkInFlight();
            now.addAndGet(200);                // straight into the wait
            presence.enter();
            now.addAndGet(2_000);
            presence.exit(false, true);
        }
        assertTrue(presence.oftenAway());
        assertFalse(presence.oftenAwayAfterStart(), "a start followed at once by its wait needs no progress thread woken");

        // start, compute, wait: the absences after starts are long
        for (int i = 0; i < 4; i++) {
            presence.enter();
            presence.exit(false, true);
            presence.leftWorkInFlight();
            now.addAndGet(100_000);            // computes with the collective in flight
            presence.enter();
            presence.exit(false, true);
        }
        assertTrue(presence.oftenAwayAfterStart());
    }

    @Test
    void onlyAbsencesThatFollowAStartWithWorkLeftCountAfterStart() {
        for (int i = 0; i < 16; i++) {
            presence.enter();
            presence.exit(false, true);        // no work left in flight
            now.addAndGet(1_000_000);
        }
        assertTrue(presence.oftenAway());
        assertFalse(presence.oftenAwayAfterStart());
    }
}
