package dev.nbc.bench.model;

import dev.nbc.bench.report.Results;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import dev.nbc.models.assessment.AssessedModel;
import dev.nbc.models.assessment.measure.AssessmentPlan;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A check against a known truth, on virtual time: the assessment protocol, run between
 * two in-process ranks whose emulated network keeps its planted L, o_s, o_r, g, G on each rank's
 * virtual clock, measures the network's times exactly, and the analysis must give back every
 * planted parameter. Nothing here depends on the machine's speed or load. The same assessment on
 * the real clock, and the prediction against nbc's measured collectives, are a benchmark:
 * {@code NbcBench model validate} (docs/models.md).
 */
class PlantedAssessmentTest {
    /** Noiseless timings leave only the methods' own approximations. */
    private static final double TOLERANCE_PCT = 0.1;

    @ParameterizedTest(name = "set {0}")
    @ValueSource(strings = {"A", "B", "C", "D"})
    void theAssessmentGivesBackEveryPlantedParameter(String name) {
        PlantedSet set = PlantedSet.named(name);
        AssessedModel model = PlantedValidation.assess(InProcessWorld.onVirtualTime(2, set.network()),
                AssessmentPlan.standard(set.maxBytes(), 7));
        Results results = new Results(Map.of("command", "PlantedAssessmentTest"));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        PlantedValidation.recordAssessment(set, model.loggp(), results, new PrintStream(text, true, StandardCharsets.UTF_8));
        String log = text.toString(StandardCharsets.UTF_8);

        assertEquals(6, results.rows("assessment").size(), log);
        assertEquals(1, model.loggp().regions().size(), "one protocol region was planted:\n" + log);
        for (AssessmentRow row : results.rows("assessment", AssessmentRow.class)) {
            assertEquals(0, row.errorPct(), TOLERANCE_PCT, row.parameter() + " of set " + name + ":\n" + log);
        }
    }
}
