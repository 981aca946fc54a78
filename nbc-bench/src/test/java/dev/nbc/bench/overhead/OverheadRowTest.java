package dev.nbc.bench.overhead;

import dev.nbc.bench.ops.EngineCounts;
import dev.nbc.bench.ops.JvmActivity;
import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.report.Headers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class OverheadRowTest {

    @Test
    void theHeaderIsTheOneTheOverheadRowsAlwaysHad() {
        OverheadPoint point = new OverheadPoint(new PointKey(2, "nbc-thread", "bcast", 8, "BINOMIAL"), 100, 1, 1, 0.5, 0.4, 0.3,
                0.1, 0.2, 0.1, 0.3, 0.3, 2, 2, 100, new EngineCounts("shared", 1L, 2L, 3L, 4L, 5L), new JvmActivity(0, 0));
        OverheadRow row = new OverheadRow(point, Headers.spread(OverheadBenchmark.FIGURES));
        assertEquals(Headers.fixture("overhead"), Headers.written("overhead", "overhead", row));
    }
}
