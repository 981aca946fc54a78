package dev.nbc.models.assessment;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ModelFile.load's refusals: one line naming the file, the field or line, and the rule. */
class ModelFileTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void notAnObjectOrNoJsonIsRefused() throws IOException {
        assertRefused("null.json", "null", "null.json: holds null, expected a JSON object, a model file written by 'model measure'");
        assertRefused("empty.json", "", "empty.json: is empty (expected a model file written by 'model measure')");
        assertRefused("blank.json", "  \n", "blank.json: holds no JSON value");
        assertRefused("truncated.json", "{\n  \"provenance\" : {\n    \"host\" : \"vm\",\n", "truncated.json: line 4, column 1: not JSON (Unexpected end-of-input");
        assertRefused("braces.json", "{}", "braces.json: provenance: missing (expected a model file written by 'model measure')");
    }

    @Test
    void missingAndNonsenseFieldsAreRefusedByName() throws IOException {
        assertRefused("no-loggp.json", edited(m -> m.remove("loggp")), "no-loggp.json: loggp: missing");
        assertRefused("null-latency.json", edited(m -> ((ObjectNode) m.get("loggp")).putNull("latency")),
                "null-latency.json: loggp.latency: missing");
        assertRefused("huge.json", edited(m -> ((ObjectNode) m.get("loggp").get("latency")).put("value", 1e308)),
                "huge.json: loggp.latency.value: must be a finite number from -1e9 to 1e9 ns, but was 1.0E308");
        assertRefused("days.json", edited(m -> ((ObjectNode) m.get("loggp").get("sendOverhead")).put("value", 1e15)),
                "days.json: loggp.sendOverhead.value: must be a finite number from -1e9 to 1e9 ns, but was 1.0E15");
        assertRefused("nan.json", edited(m -> ((ObjectNode) m.get("loggp").get("regions").get(0).get("G")).put("value", "NaN")),
                "nan.json: loggp.regions[0].G.value: must be a finite number from -1e6 to 1e6 ns per byte, but was NaN");
        assertRefused("nan-O.json", edited(m -> ((ObjectNode) m.get("loggp")).set("perByteOverhead",
                        ((ObjectNode) m.get("loggp").get("sendOverhead")).deepCopy().put("value", "NaN"))),
                "nan-O.json: loggp.perByteOverhead.value: must be a finite number from -1e6 to 1e6 ns per byte, but was NaN");
        assertRefused("text.json", edited(m -> ((ObjectNode) m.get("loggp").get("latency")).put("value", "fast")),
                "text.json: loggp.latency.value: Cannot deserialize value of type `double` from String \"fast\"");
        assertRefused("regions.json", edited(m -> ((ObjectNode) m.get("loggp")).putArray("regions")),
                "regions.json: loggp: Cannot construct instance of `dev.nbc.models.assessment.netgauge.LogGPEstimate`, problem: regions: need at least one protocol region");
    }

    @Test
    void binaryContentIsRefusedWithItsLine() throws IOException {
        Path file = dir.resolve("model.png");
        Files.write(file, new byte[] {'{', '\n', '\n', (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ModelFile.load(file));
        assertEquals(file + ": line 3: binary content (byte 0x89 at offset 3 is not text), expected a model file written by "
                + "'model measure'", e.getMessage());
    }

    @Test
    void aMeasuredModelWithNoiseBelowZeroLoads() {
        // a latency estimate below 0 (noise around a true 0) is what real measurements give
        Path file = dir.resolve("model.json");
        ModelFile.save(model(), file);
        ModelFile.load(file);
    }

    private String edited(Consumer<ObjectNode> edit) throws IOException {
        ObjectNode tree = (ObjectNode) JSON.readTree(ModelFile.toJson(model()));
        edit.accept(tree);
        return JSON.writeValueAsString(tree);
    }

    private static AssessedModel model() {
        return AssessedModel.analyse(Provenance.here("in-process", "synthetic", "none"),
                SyntheticAssessment.of(0, 3_000, 4_000, 10_000, 0.5, 1 << 12, 0.01, 3));
    }

    private void assertRefused(String name, String content, String expectedStart) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ModelFile.load(file));
        assertTrue(e.getMessage().startsWith(dir.resolve(expectedStart).toString()), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
}
