package dev.nbc.bench.netgauge.pattern;

import dev.nbc.bench.report.Headers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The headers of netgauge's rows are the ones they always had. */
class NetgaugeRowsTest {
    private static final TimeRow TIME = new TimeRow("pingpong", "inprocess", 2, 1, 8, 20, "rtt/2", 1, 1.1, 2, 7.6, 7.6, 0, null, null);

    @Test
    void time() {
        assertEquals(Headers.fixture("netgauge-time"), Headers.written("netgauge-time", "netgauge", TIME));
    }

    @Test
    void timeWithOverlap() {
        TimeRow row = TIME.with(new TimeRow.OverlapTimes(1, 1, 50));
        assertEquals(Headers.fixture("netgauge-overlap"), Headers.written("netgauge-overlap", "netgauge", row));
    }

    @Test
    void timeWithPrediction() {
        TimeRow row = TIME.with(new TimeRow.Predicted(1, 0));
        assertEquals(Headers.fixture("netgauge-predicted"), Headers.written("netgauge-predicted", "netgauge", row));
    }

    @Test
    void parameter() {
        ParameterRow row = new ParameterRow("loggp", "emulated", 2, 1, "L", 5, "us");
        assertEquals(Headers.fixture("netgauge-parameter"), Headers.written("netgauge-parameter", "netgauge", row));
    }
}
