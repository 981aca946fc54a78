package dev.nbc.core.progress;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Who is inside the library, how the application's absences are classified, and when to take over. */
class ApplicationPresenceTest {

    @Test
    void nestedCallsLeaveOnlyAtTheOutermostExit() {
        ApplicationPresence presence = new ApplicationPresence();
        presence.enter();
        presence.enter();
        assertEquals(0, presence.exit(false), "a nested exit reads no clock and reports 0");
        assertTrue(presence.anyInside());
        assertEquals(Long.MAX_VALUE, presence.takeOverAt(), "no take-over while inside");
        long left = presence.exit(false);
        assertTrue(left > 0);
        assertFalse(presence.anyInside());
    }

    @Test
    void backToBackCallsAreNotOftenAwayAndAreTakenOverOnlyAfterALongAbsence() {
        ApplicationPresence presence = new ApplicationPresence();
        for (int i = 0; i < 50; i++) {
            presence.enter();
            presence.exit(false);
        }
        assertFalse(presence.oftenAway());
        presence.enter();
        long left = presence.exit(false);
        assertEquals(left + ApplicationPresence.ABSENT_NANOS, presence.takeOverAt());
    }

    @Test
    void anApplicationThatComputesBetweenCallsIsOftenAwayAndTakenOverSoon() throws InterruptedException {
        ApplicationPresence presence = new ApplicationPresence();
        for (int i = 0; i < 4; i++) {
            presence.enter();
            presence.exit(false);
            Thread.sleep(1); // away far longer than LONG_ABSENCE_NANOS
        }
        presence.enter();
        long left = presence.exit(false);
        assertTrue(presence.oftenAway());
        assertEquals(left + ApplicationPresence.HANDOFF_NANOS, presence.takeOverAt());
    }

    @Test
    void aBlockedWaiterIsTakenOverAtOnce() {
        ApplicationPresence presence = new ApplicationPresence();
        presence.enter();
        presence.block();
        long left = presence.exit(true);
        assertTrue(presence.anyBlocked());
        assertEquals(left - ApplicationPresence.HANDOFF_NANOS, presence.takeOverAt());
        presence.unblock();
        assertFalse(presence.anyBlocked());
    }
}
