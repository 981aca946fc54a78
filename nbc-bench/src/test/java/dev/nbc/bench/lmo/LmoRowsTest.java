package dev.nbc.bench.lmo;

import dev.nbc.bench.report.Headers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The headers of {@code lmo validate}'s and {@code lmo measure}'s rows are the ones the fixtures hold. */
class LmoRowsTest {

    @Test
    void sweeps() {
        LmoSweepRow row = new LmoSweepRow("slow_link", 3, 0, 4096, 91.6, null, 91.6, 77, 41);
        assertEquals(Headers.fixture("lmo-gather"), Headers.written("lmo-gather", "lmo-gather", row));
        assertEquals(Headers.fixture("lmo-scatter"), Headers.written("lmo-scatter", "lmo-scatter", row));
    }

    @Test
    void validation() {
        LmoValidationRow row = new LmoValidationRow("slow_link", 3, 0, new LmoValidationRow.ParameterErrors(0, 0, 0),
                new LmoValidationRow.Thresholds(2097152, 46341, 65536, 262144, 262144, 0, 0),
                new LmoValidationRow.GatherErrors(0, 0, 0, 0, 20_000_000, 28, 64), 2097152, 0.04, new LmoValidationRow.ScatterErrors(1.8, 0, 28, 28));
        assertEquals(Headers.fixture("lmo"), Headers.written("lmo", "lmo", row));
    }

    @Test
    void measurement() {
        assertEquals(Headers.fixture("lmo-processor"),
                Headers.written("lmo-processor", "lmo-processor", new LmoMeasurementRows.Processor(0, 8267, -0.17, 0, 0)));
        assertEquals(Headers.fixture("lmo-link"), Headers.written("lmo-link", "lmo-link", new LmoMeasurementRows.Link(0, 1, 0.46)));
        assertEquals(Headers.fixture("lmo-fit"), Headers.written("lmo-fit", "lmo-fit", new LmoMeasurementRows.Fit(9, 0, 0, 0)));
    }
}
