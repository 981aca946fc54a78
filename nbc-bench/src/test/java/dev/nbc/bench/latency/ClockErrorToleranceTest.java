package dev.nbc.bench.latency;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** A window row's tolerance covers twice the clock error of its run; other rows keep theirs. */
class ClockErrorToleranceTest {

    private static Map<String, Object> row(String scheme, double tolerance) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put(WindowLatencyBenchmark.SCHEME, scheme);
        row.put("median_us", 1.2);
        row.put("median_us_tolerance", tolerance);
        return row;
    }

    @Test
    void aWindowRowsToleranceIsAtLeastTwiceTheClockError() {
        Map<String, Object> window = row("window", 0.3);
        WindowLatencyBenchmark.widenForClockError(window, 0.84);
        assertEquals(1.68, (double) window.get("median_us_tolerance"), 1e-12);
        assertEquals(0.84, (double) window.get("clock_error_us"), 1e-12);
    }

    @Test
    void aWiderToleranceStaysAndOtherSchemesAreLeftAlone() {
        Map<String, Object> wide = row("window", 5.0);
        WindowLatencyBenchmark.widenForClockError(wide, 0.84);
        assertEquals(5.0, (double) wide.get("median_us_tolerance"), 1e-12);

        Map<String, Object> naive = row("barrier-then-op", 0.3);
        WindowLatencyBenchmark.widenForClockError(naive, 0.84);
        assertEquals(0.3, (double) naive.get("median_us_tolerance"), 1e-12);
        assertFalse(naive.containsKey("clock_error_us"), "a rank-local scheme has no clock error");
    }
}
