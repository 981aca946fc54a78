package dev.nbc.bench.model;

import dev.nbc.bench.report.Results;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code NbcBench model validate}'s run on the real clock (set D, P = 2), checked for what holds
 * however loaded the machine is: it reports every parameter and every collective, and no
 * collective is faster than one message's one-way time o_s + (m-1)G + L + o_r on the planted
 * network (every P = 2 collective waits for at least one message, and the emulation is never
 * early). How close the assessed parameters and the predictions come to the planted ones is
 * a measurement (the run's {@code within_10pct} column, docs/models.md); the assessment's own
 * correctness is checked exactly on virtual time by {@link PlantedAssessmentTest}.
 */
class PlantedValidationIT {

    @Test
    void theValidationReportsEveryRowAndNoCollectiveBeatsTheNetwork() {
        PlantedSet set = PlantedSet.standard().get(3);
        Results results = new Results(Map.of("command", "PlantedValidationIT"));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        PlantedValidation.run(new PlantedValidation.Config(List.of(set), 7, List.of(2), List.of(8L, 4096L), 15), results,
                new PrintStream(text, true, StandardCharsets.UTF_8));
        String log = text.toString(StandardCharsets.UTF_8);
        assertEquals(List.of("L", "L_netgauge", "o_s", "o_r", "g", "G"),
                results.rows("assessment", AssessmentRow.class).stream().map(AssessmentRow::parameter).toList(), log);
        List<PredictionRow> predictions = results.rows("prediction", PredictionRow.class);
        assertEquals(List.of("barrier 0", "bcast 8", "allreduce 8", "bcast 4096", "allreduce 4096"),
                predictions.stream().map(r -> r.collective() + " " + r.bytes()).toList(), log);
        EmulatedNetwork network = set.network();
        for (PredictionRow row : predictions) {
            long bytes = row.bytes();
            double oneWayMicros = network.oneWayNanos((int) bytes) / 1e3;
            double measured = row.measuredMedianMicros();
            assertTrue(measured >= oneWayMicros, row.collective() + " of " + bytes + " B took " + measured
                    + " us, less than one message's one-way time " + oneWayMicros + " us:\n" + log);
            assertTrue(Double.isFinite(row.predictedAssessedMicros()), log);
        }
    }
}
