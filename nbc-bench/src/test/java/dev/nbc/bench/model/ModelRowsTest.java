package dev.nbc.bench.model;

import dev.nbc.bench.report.Headers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The headers of {@code model validate}'s and {@code model select}'s rows are the ones they always had. */
class ModelRowsTest {

    @Test
    void assessment() {
        AssessmentRow row = new AssessmentRow("A", "L=20us", "L", 20000, 21000, 5, 20500, 21500, "IQR", Double.NaN, Double.NaN, true,
                "PRTT");
        assertEquals(Headers.fixture("assessment"), Headers.written("assessment", "assessment", row));
    }

    @Test
    void prediction() {
        PredictionRow row = new PredictionRow("A", "L=20us", "bcast", "BINOMIAL", 4, 8, 100, 90, 110, 95, 96, -5, -4, true, 190, 0.3, 0.7);
        assertEquals(Headers.fixture("prediction"), Headers.written("prediction", "prediction", row));
    }

    @Test
    void selection() {
        SelectionRow row = new SelectionRow("A", "bcast", 2, 8, "binomial", 56.8, "binomial", 1, "binomial", 1, true, true, true,
                "binomial=56.8");
        assertEquals(Headers.fixture("selection"), Headers.written("selection", "selection", row));
    }
}
