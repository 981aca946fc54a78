package dev.nbc.bench.tail;

import dev.nbc.bench.ops.EngineCounts;
import dev.nbc.bench.ops.JvmActivity;
import dev.nbc.bench.ops.PointKey;
import dev.nbc.bench.report.Headers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TailRowTest {

    @Test
    void theHeaderIsTheOneTheTailRowsAlwaysHad() {
        TailPoint point = new TailPoint(new PointKey(2, "ompi", "bcast", 8, "BINOMIAL"), 2000, 2000, 0.3, 1, 2, 3, 4, 5, 6,
                new EngineCounts(null, null, null, null, null, null), new JvmActivity(0, 0));
        TailRow row = new TailRow(point, Headers.spread(TailBenchmark.FIGURES), 1.0, 1.0);
        assertEquals(Headers.fixture("tail"), Headers.written("tail", "tail", row));
    }
}
