package dev.nbc.models.simulation;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DetourTraceTest {
    // period 100, detours [10, 20) and [50, 60)
    private final DetourTrace trace = new DetourTrace(new double[]{10, 50}, new double[]{10, 10}, 100);

    @Test
    void workResumesAfterEachDetourAcrossRepetitions() {
        // from 0: 10 done at 10; detour to 20; 30 more by 50 (40); detour to 60; 40 more by 100 (80);
        // next repetition: 10 more by 110 (90); detour to 120; 10 more: 130.
        assertEquals(130, trace.finish(0, 100), 1e-9);
        // starting inside a detour waits for its end: 15 -> 20, + 5 = 25
        assertEquals(25, trace.finish(15, 5), 1e-9);
        // between detours, no delay: 25 + 20 = 45
        assertEquals(45, trace.finish(25, 20), 1e-9);
        // third repetition: 215 is inside [210, 220): 220 + 5
        assertEquals(225, trace.finish(215, 5), 1e-9);
        assertEquals(0.2, trace.noiseFraction(), 1e-12);
    }

    @Test
    void invalidTracesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new DetourTrace(new double[]{10, 5}, new double[]{1, 1}, 100));
        assertThrows(IllegalArgumentException.class, () -> new DetourTrace(new double[]{10}, new double[]{0}, 100));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new DetourTrace(new double[]{90}, new double[]{20}, 100));
        assertTrue(e.getMessage().startsWith("durations[0]"), e.getMessage());
    }

    @Test
    void aPrefixKeepsTheDetoursBeforeItsEndAndCutsTheOneAcrossIt() {
        DetourTrace t = new DetourTrace(new double[] {10, 50, 90}, new double[] {5, 20, 5}, 100);
        DetourTrace p = t.prefix(60);
        org.junit.jupiter.api.Assertions.assertEquals(2, p.detours());
        org.junit.jupiter.api.Assertions.assertEquals(10, p.duration(1), 1e-12);   // 50..70 cut at 60
        org.junit.jupiter.api.Assertions.assertEquals(60, p.period(), 1e-12);
        org.junit.jupiter.api.Assertions.assertSame(t, t.prefix(100));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> t.prefix(0));
    }
}
