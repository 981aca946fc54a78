package dev.nbc.bench.overlap;

import dev.nbc.bench.ops.EngineCounts;
import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.report.Headers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class OverlapRowTest {

    static OverlapRow sample() {
        OverlapPoint point = new OverlapPoint(new PointKey(2, "nbc-thread", "bcast", 8, "BINOMIAL"), 15, null, null,
                new OverlapPoint.Times(1, 2, 3, 4, 5, 6, 7, 8, 9), 0.5, new OverlapPoint.ByRank("1;2", "3;4", "0.5;0.5"),
                50, 40, 60, 70, new EngineCounts("shared", 1L, 2L, 3L, 4L, 5L));
        LogGPPrediction loggp = new LogGPPrediction("assessed", null, null, null, null, null, 10, 0, 20, 30);
        return new OverlapRow(point, Headers.spread(OverlapBenchmark.FIGURES), loggp, 0.01);
    }

    @Test
    void theHeaderIsTheOneOverlapCsvAlwaysHad() {
        assertEquals(Headers.fixture("overlap"), Headers.written("overlap", "overlap", sample()));
    }
}
