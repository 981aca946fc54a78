package dev.nbc.bench.clock;

import dev.nbc.bench.report.Headers;
import dev.nbc.bench.spread.Figure;
import dev.nbc.bench.spread.MedianInterval;
import dev.nbc.bench.spread.Spread;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SyncRowTest {

    @Test
    void theHeaderIsTheOneTheSyncRowsAlwaysHad() {
        Spread spread = Spread.of(Figure.relative(SyncRow.SYNC_TIME_US, 0.25), MedianInterval.of(new double[] {1, 2, 3}));
        SyncRow row = new SyncRow(2, "tree", 1, 6, 100, 2, spread, 1, 3, 10, 5, new SyncRow.Injected(0, 0, 100, 200),
                new SyncRow.Errors(0, 1, 2, 3, 4, 5));
        assertEquals(Headers.fixture("sync"), Headers.written("sync", "sync", row));
    }
}
