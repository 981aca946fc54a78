package dev.nbc.core.progress;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ProgressThreadSliceTest {

    @Test
    void microsecondsInLinuxsRangeOrOff() {
        assertEquals(100, ProgressThreadSlice.parse("100"));
        assertEquals(100_000, ProgressThreadSlice.parse(" 100000 "));
        assertEquals(ProgressThreadSlice.OFF, ProgressThreadSlice.parse("OFF"));
    }

    @Test
    void anythingElseIsRefusedNamingTheSettingAndTheRule() {
        for (String bad : new String[]{"99", "100001", "-5", "1ms", ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProgressThreadSlice.parse(bad));
            assertEquals("nbc.progress.slice / NBC_PROGRESS_SLICE: must be a number of microseconds from 100 to 100000, or off, but was '"
                    + bad + "'", e.getMessage());
        }
    }

    @Test
    void withoutAServiceTheThreadKeepsTheDefaultAndTheEngineSaysWhy() throws InterruptedException {
        // nbc-core's tests have no SchedulerSlice on the class path (nbc-ffm provides one)
        assertEquals("no scheduler slice service on the class path (nbc-ffm, Java 22 or newer, provides one)",
                ProgressThreadSlice.applyToCurrentThread(100));
        assertEquals("nbc.progress.slice is off", ProgressThreadSlice.applyToCurrentThread(ProgressThreadSlice.OFF));
        try (ProgressEngine engine = ProgressEngine.start(ProgressPolicy.SHARED)) {
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (engine.schedulerSlice() == null && System.nanoTime() - deadline < 0) {
                Thread.sleep(1);
            }
            // off unless asked for
            assertEquals("default (nbc.progress.slice is off)", engine.schedulerSlice());
        }
    }
}
