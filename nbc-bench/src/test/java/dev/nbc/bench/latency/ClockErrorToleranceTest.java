package dev.nbc.bench.latency;

import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.spread.Repeated;
import dev.nbc.bench.spread.Spread;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A window row's tolerance covers twice the clock error of its run; other rows keep theirs. */
class ClockErrorToleranceTest {

    private static Repeated.Merged<LatencyPoint> point(String scheme, double tolerance) {
        LatencyPoint point = new LatencyPoint(new PointKey(2, "nbc-thread", "bcast", 8, "BINOMIAL"), 60, scheme, "max", null, 1.2, null);
        return new Repeated.Merged<>(point, new Spread(List.of(new Spread.Interval(LatencyPoint.MEDIAN_US, 1, 1.4, 6, tolerance)), 6,
                List.of()));
    }

    private static double tolerance(LatencyRow row) {
        return row.spread().intervals().get(0).tolerance();
    }

    @Test
    void aWindowRowsToleranceIsAtLeastTwiceTheClockError() {
        LatencyRow window = WindowLatencyBenchmark.row(point(LatencyPoint.WINDOW, 0.3), 0.84);
        assertEquals(1.68, tolerance(window), 1e-12);
        assertEquals(0.84, window.clockError().micros(), 1e-12);
    }

    @Test
    void aWiderToleranceStaysAndOtherSchemesAreLeftAlone() {
        assertEquals(5.0, tolerance(WindowLatencyBenchmark.row(point(LatencyPoint.WINDOW, 5.0), 0.84)), 1e-12);

        LatencyRow naive = WindowLatencyBenchmark.row(point("barrier-then-op", 0.3), 0.84);
        assertEquals(0.3, tolerance(naive), 1e-12);
        assertNull(naive.clockError(), "a rank-local scheme has no clock error");
    }
}
