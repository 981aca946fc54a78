package dev.nbc.ffm;

import dev.nbc.core.progress.SchedulerSlice;
import org.junit.jupiter.api.Test;

import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FfmSchedulerSliceTest {

    /** Linux 6.12 or later (EEVDF's per-thread slice), where the slice must take; elsewhere the refusal must say why. */
    private static boolean customSlices() {
        String[] version = System.getProperty("os.version", "0.0").split("[.-]");
        int major = Integer.parseInt(version[0]);
        int minor = version.length > 1 ? Integer.parseInt(version[1]) : 0;
        return System.getProperty("os.name").equals("Linux") && (major > 6 || (major == 6 && minor >= 12));
    }

    @Test
    void theServiceLoaderFindsIt() {
        SchedulerSlice slice = ServiceLoader.load(SchedulerSlice.class).findFirst().orElseThrow();
        assertEquals(FfmSchedulerSlice.class, slice.getClass());
    }

    @Test
    void aThreadGetsTheSliceItAsksFor() throws InterruptedException {
        AtomicReference<String> outcome = new AtomicReference<>("not run");
        // a thread of its own: the slice stays with the thread that asked
        Thread thread = new Thread(() -> outcome.set(new FfmSchedulerSlice().setForCurrentThread(250_000)));
        thread.start();
        thread.join();
        if (customSlices()) {
            assertNull(outcome.get());
        } else {
            assertTrue(outcome.get() != null && !outcome.get().isBlank(), "a refusal says why");
        }
    }

    @Test
    void aSliceBelowTheKernelsFloorIsReportedAsWhatTheKernelGave() throws InterruptedException {
        AtomicReference<String> outcome = new AtomicReference<>();
        Thread thread = new Thread(() -> outcome.set(new FfmSchedulerSlice().setForCurrentThread(1_000)));
        thread.start();
        thread.join();
        if (customSlices()) {
            // Linux clamps a slice to [100 us, 100 ms]
            assertEquals("the kernel gave a 100 us slice instead of 1 us", outcome.get());
        }
    }
}
