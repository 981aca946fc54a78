package dev.nbc.bench.jitter;

import dev.nbc.bench.report.Headers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The headers of {@code jitter collect}'s and {@code jitter simulate}'s rows are the ones they always had. */
class JitterRowsTest {

    @Test
    void trace() {
        TraceRow row = new TraceRow(0, "cpu 0", 20, 1000, 0.3, 280, 933, 9.6, 14852, 2289937, 4490027, 1002, 3418, 5519, 0, 90, false);
        assertEquals(Headers.fixture("jitter-trace"), Headers.written("jitter-trace", "jitter-trace", row));
    }

    /** The trace's name is the run's column, which the row does not repeat. */
    @Test
    void simulation() {
        SimulationRow row = new SimulationRow("random", 1000, 1, 20, "tree", 19.8, 1, 1010, 10, 0.99, 0.005);
        assertEquals(Headers.fixture("jitter"), Headers.written("jitter", JitterSection.NAME, row));
    }
}
