package dev.nbc.bench.latency;

import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.report.Headers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LatencyRowTest {
    private static final PointKey KEY = new PointKey(2, "nbc-thread", "bcast", 8, "BINOMIAL");

    @Test
    void aWindowRowsHeaderIsTheOneItAlwaysHad() {
        LatencyPoint point = new LatencyPoint(KEY, 60, LatencyPoint.WINDOW, "max", new LatencyPoint.Windows(1, 3, 100, 58, 1, 1), 5,
                new LatencyPoint.Quantiles(1, 2, 3, 4, 5, 6));
        LatencyRow row = new LatencyRow(point, Headers.spread(WindowLatencyBenchmark.FIGURES), new LatencyRow.ClockError(0.5));
        assertEquals(Headers.fixture("latency-window"), Headers.written("latency-window", "latency", row));
    }

    @Test
    void aNaiveRowsHeaderIsTheOneItAlwaysHad() {
        LatencyPoint point = new LatencyPoint(KEY, 60, "barrier-then-op", "max", null, 5, null);
        LatencyRow row = new LatencyRow(point, Headers.spread(WindowLatencyBenchmark.FIGURES), null);
        assertEquals(Headers.fixture("latency-naive"), Headers.written("latency-naive", "latency", row));
    }
}
