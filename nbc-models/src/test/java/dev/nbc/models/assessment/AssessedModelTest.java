package dev.nbc.models.assessment;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nbc.models.assessment.netgauge.LogGPEstimate;
import dev.nbc.models.assessment.netgauge.NetgaugeMethod;
import dev.nbc.models.loggp.LogGPParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AssessedModelTest {
    private static final double L = 50_000, OS = 3_000, OR = 4_000, GAP = 10_000, G = 0.5;

    @Test
    void noiselessPrttGivesBackEveryParameter() {
        LogGPEstimate e = NetgaugeMethod.analyse(SyntheticAssessment.of(L, OS, OR, GAP, G, 1 << 20, 0, 1));
        assertEquals(1, e.regions().size());
        assertEquals(GAP, e.regions().get(0).g().value(), 1e-6 * GAP);
        assertEquals(G, e.regions().get(0).G().value(), 1e-9);
        assertEquals(OS, e.sendOverhead().value(), 1e-6 * OS);
        assertEquals(OR, e.receiveOverhead().value(), 1e-6 * OR);
        assertEquals(L + OS + OR, e.latencyNetgauge().value(), 1e-6);   // PRTT(1,0,1)/2: what Netgauge calls L
        assertEquals(L, e.latency().value(), 1e-6 * L);
    }

    @Test
    void noisyPrttStaysWithinItsIntervalsAndTenPercent() {
        // 0.1 % noise per median, about the relative IQR of the emulated network's timings. o_s is
        // the sensitive one: it is a difference of two times ~n (d + o_s) long, divided by n - 1,
        // so noise is amplified by about (d + o_s) / o_s (here ~40: 0.5 % noise gave 17 % error).
        LogGPEstimate e = NetgaugeMethod.analyse(SyntheticAssessment.of(L, OS, OR, GAP, G, 1 << 20, 0.001, 7));
        var r = e.regions().get(0);
        assertTrue(r.g().low() <= GAP && GAP <= r.g().high(), "g's 95 % CI " + r.g() + " misses " + GAP);
        assertTrue(r.G().low() <= G && G <= r.G().high(), "G's 95 % CI " + r.G() + " misses " + G);
        assertEquals(0, r.g().relativeError(GAP), 0.1);
        assertEquals(0, e.sendOverhead().relativeError(OS), 0.1);
        assertEquals(0, e.latency().relativeError(L), 0.1);
        assertTrue(r.g().rSquared() > 0.99);
    }

    @Test
    void parametersForTheSimulatorUseTheMeanOverheadAndTheSizesRegion() {
        LogGPEstimate e = NetgaugeMethod.analyse(SyntheticAssessment.of(L, OS, OR, GAP, G, 1 << 16, 0, 1));
        LogGPParameters p = e.parameters(8, 1024);
        assertEquals(8, p.P());
        assertEquals((OS + OR) / 2, p.o(), 1e-3);
        assertEquals(GAP, p.g(), 1e-3);
        assertEquals(0.25, p.gamma());
    }

    @Test
    void modelFileRoundTripsEveryField(@TempDir Path dir) {
        AssessedModel model = AssessedModel.analyse(Provenance.here("in-process", "synthetic", "none"),
                SyntheticAssessment.of(L, OS, OR, GAP, G, 1 << 16, 0.01, 3));
        Path file = dir.resolve("model.json");
        ModelFile.save(model, file);
        assertEquals(model, ModelFile.load(file));
        String json = ModelFile.toJson(model);
        assertTrue(json.contains("\"openMpiVersion\" : \"none\"") && json.contains("\"host\""), json.substring(0, 300));
    }

    @Test
    void theProbesStretchGivesOWithTheMessagesOverheadsTakenOut(@TempDir Path dir) {
        // 4 messages of 1 MiB each way; ranks' computations 4.2 and 2.2 ms longer: S = 3.2 ms, k (o_s + o_r) = 28 us
        AssessmentData plain = SyntheticAssessment.of(L, OS, OR, GAP, G, 1 << 16, 0, 1);
        CpuPerByte probe = new CpuPerByte(1 << 20, 4, 60e6, List.of(new Spread(4.2e6, 4.0e6, 4.5e6, 30),
                new Spread(2.2e6, 2.0e6, 2.3e6, 30)), 0);
        AssessmentData data = new AssessmentData(plain.n(), plain.repetitions(), plain.sizes(), plain.gammaNsPerByte(), probe);
        LogGPEstimate e = NetgaugeMethod.analyse(data);
        double expected = (3.2e6 - 4 * (OS + OR)) / (2.0 * (4 << 20));
        assertEquals(expected, e.perByteOverhead().value(), 1e-6 * expected);
        assertEquals((3.0e6 - 4 * (OS + OR)) / (2.0 * (4 << 20)), e.perByteOverhead().low(), 1e-9);
        assertEquals(expected, e.parameters(2, 1 << 20).O(), 1e-12);
        assertEquals(0, NetgaugeMethod.analyse(plain).parameters(2, 1 << 20).O(), "not probed: LogGP, O = 0");
        AssessedModel model = AssessedModel.analyse(Provenance.here("mpi", "synthetic", "none"), data);
        Path file = dir.resolve("model.json");
        ModelFile.save(model, file);
        assertEquals(model, ModelFile.load(file));
    }

    @Test
    void aFileWithoutTheProbeLoadsAsLogGP(@TempDir Path dir) throws Exception {
        AssessedModel model = AssessedModel.analyse(Provenance.here("mpi", "synthetic", "none"),
                SyntheticAssessment.of(L, OS, OR, GAP, G, 1 << 16, 0, 1));
        ObjectMapper json = new ObjectMapper();
        ObjectNode tree = (ObjectNode) json.readTree(ModelFile.toJson(model));
        ((ObjectNode) tree.get("loggp")).remove("perByteOverhead");
        ((ObjectNode) tree.get("data")).remove("cpuPerByte");
        Path file = dir.resolve("older.json");
        Files.writeString(file, json.writeValueAsString(tree));
        assertEquals(0, ModelFile.load(file).loggp().parameters(2, 1024).O());
    }

    @Test
    void missingOrForeignFilesAreRefusedWithTheirName(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("nope.json");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ModelFile.load(missing)).getMessage().contains("nope.json"));
        Path foreign = dir.resolve("foreign.json");
        Files.writeString(foreign, "[1, 2, 3]");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ModelFile.load(foreign)).getMessage()
                .contains("foreign.json: holds array, expected a JSON object, a model file written by 'model measure'"));
    }

    @Test
    void tooFewSizesAreRefused() {
        AssessmentData data = SyntheticAssessment.of(L, OS, OR, GAP, G, 8, 0, 1);
        assertThrows(IllegalArgumentException.class, () -> NetgaugeMethod.analyse(data));
    }
}
