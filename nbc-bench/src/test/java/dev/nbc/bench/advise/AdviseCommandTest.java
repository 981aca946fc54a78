package dev.nbc.bench.advise;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nbc.bench.NbcBench;
import dev.nbc.bench.report.ReportFile;
import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.testing.CommandRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code advise} against the truth it predicts: in-process ranks on an emulated network with
 * planted LogGP parameters, on virtual time, so the measured loops are the network's times of
 * those loops whatever the machine's load, and the test is as deterministic as the emulation.
 */
class AdviseCommandTest {
    /** How far the prediction may be from the measured time per iteration. */
    private static final double TOLERANCE_PCT = 15;

    @TempDir
    Path dir;

    private CommandRun.Outcome advise(String args) {
        List<String> all = new ArrayList<>(List.of("advise", "--transport", "inprocess", "--out", dir.toString()));
        all.addAll(Arrays.asList(args.trim().split("\\s+")));
        return CommandRun.run(NbcBench.commandLine(new JobEnvironment(Map.of())), all.toArray(String[]::new));
    }

    /**
     * 3 sizes x 2 computations, one shorter than the largest collective's network time and one
     * longer: the predicted time per iteration, blocking and overlapped, within 15 % of the measured.
     */
    @ParameterizedTest(name = "{0}, P = {1}, {2}")
    @CsvSource(delimiter = '|', value = {
        "allreduce | 4 | --latency-us 50 --overhead-us 10 --gap-us 20 --gap-per-byte-ns 1",
        "bcast     | 3 | --latency-us 100 --overhead-us 5 --gap-us 10 --gap-per-byte-ns 0.5",
    })
    void thePredictionIsTheMeasuredTimePerIterationWithin15Percent(String collective, int p, String network) throws IOException {
        CommandRun.Outcome o = advise("--collective " + collective + " -P " + p + " --bytes 64k,256k,1m --compute-us 500,5000 "
                + network + " --measure --virtual-time --iterations 10");
        assertEquals(0, o.exitCode(), o.err());
        JsonNode rows = ReportFile.rows(dir.resolve("advise.json"));
        assertEquals(6, rows.size(), o.out());
        for (JsonNode row : rows) {
            String point = row.get("bytes").asLong() + " B, " + row.get("compute_us").asDouble() + " us";
            assertEquals("virtual", row.get("clock").asText());
            assertTrue(Math.abs(row.get("error_blocking_pct").asDouble()) <= TOLERANCE_PCT, "blocking at " + point + ":\n" + o.out());
            assertTrue(Math.abs(row.get("error_overlapped_pct").asDouble()) <= TOLERANCE_PCT, "overlapped at " + point + ":\n" + o.out());
        }
        assertEquals(6, o.out().lines().filter(l -> l.startsWith("VERDICT (LogGP)    at ")).count(), o.out());
        assertEquals(6, o.out().lines().filter(l -> l.startsWith("VERDICT (measured) at ")).count(), o.out());
    }

    @Test
    void withoutMeasureItPredictsOnlyAndStartsNoRanks() {
        CommandRun.Outcome o = advise("--bytes 1m --compute-us 5000 -P 16 --latency-us 5 --overhead-us 1 --gap-per-byte-ns 0.1 "
                + "--gamma-ns-per-byte 0");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("VERDICT (LogGP)    at 1.0 MiB a blocking allreduce costs "), o.out());
        assertFalse(o.out().contains("VERDICT (measured)"), o.out());
        JsonNode row = ReportFile.rows(dir.resolve("advise.json")).get(0);
        assertEquals(16, row.get("P").asInt());
        assertFalse(row.has("measured_overlapped_iteration_us"), row.toString());
    }

    @Test
    void helpStartsNothing() throws IOException {
        CommandRun.Outcome o = advise("--measure --virtual-time --latency-us 50 --help");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().startsWith("Usage: scripts/nbc advise"), o.out());
        try (Stream<Path> written = Files.list(dir)) {
            assertEquals(List.of(), written.toList(), "nothing written");
        }
    }
}
