package dev.nbc.bench.model;

import dev.nbc.bench.report.Results;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 4's check against a known truth, as an integration check: on the in-process transport
 * with planted L = 200 µs, o = 20 µs, g = 40 µs, G = 10 ns/B (set D), the assessment recovers every
 * parameter within 10 % and the simulator's prediction from the assessed parameters is within 10 %
 * of nbc's measured Ibarrier, Ibcast and Iallreduce latency at P = 2 (a core per rank). Timings on
 * a busy machine are only ever late, so a failed attempt is repeated (three in all) before the
 * check fails; a wrong method fails every attempt.
 */
class PlantedValidationIT {

    @Test
    void assessmentAndPredictionMatchThePlantedNetwork() {
        List<String> failures = List.of();
        String log = "";
        for (int attempt = 1; attempt <= 3; attempt++) {
            Results results = new Results(Map.of("command", "PlantedValidationIT"));
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            PlantedValidation.run(new PlantedValidation.Config(List.of(PlantedSet.standard().get(3)), 7, List.of(2),
                    List.of(8L, 4096L), 15), results, new PrintStream(text, true, StandardCharsets.UTF_8));
            log = text.toString(StandardCharsets.UTF_8);
            assertEquals(6, results.rows("assessment").size(), log);
            assertEquals(5, results.rows("prediction").size(), log);
            failures = results.rows().stream()
                    .filter(r -> !Boolean.TRUE.equals(r.get("within_10pct")))
                    .map(r -> r.get("benchmark") + " " + r.getOrDefault("parameter", r.get("collective") + " " + r.get("bytes") + " B")
                            + ": " + r.getOrDefault("error_pct", r.get("error_assessed_pct")) + " %")
                    .toList();
            if (failures.isEmpty()) {
                return;
            }
        }
        fail("outside 10 % in three attempts: " + failures + "\n" + log);
    }
}
