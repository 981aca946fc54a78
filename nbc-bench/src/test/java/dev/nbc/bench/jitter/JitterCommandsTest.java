package dev.nbc.bench.jitter;

import dev.nbc.bench.NbcBench;
import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.testing.CommandRun;
import dev.nbc.models.jitter.NoiseTraceFiles;
import dev.nbc.models.simulation.DetourTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The noise commands end to end: a trace per CPU that reads back, and a simulation with a known answer. */
class JitterCommandsTest {
    @TempDir
    Path dir;

    private static CommandRun.Outcome run(String... args) {
        return CommandRun.run(NbcBench.commandLine(new JobEnvironment(Map.of())), args);
    }

    @Test
    void collectWritesATracePerCpuThatReadsBack() throws IOException {
        CommandRun.Outcome o = run("jitter", "collect", "--seconds", "0.3", "--cpus", "0", "--out", dir.toString());
        assertEquals(0, o.exitCode(), o.toString());
        Path csv = dir.resolve("jitter-trace-cpu0.csv");
        Path txt = dir.resolve("jitter-trace-cpu0.txt");
        assertTrue(Files.exists(csv) && Files.exists(txt) && Files.exists(dir.resolve("jitter-trace.json")), o.toString());
        DetourTrace fromTuples = NoiseTraceFiles.read(csv, NoiseTraceFiles.Format.TUPLES);
        DetourTrace fromLogGopSim = NoiseTraceFiles.read(txt, NoiseTraceFiles.Format.LOGGOPSIM);
        assertEquals(fromLogGopSim.detours(), fromTuples.detours());
        assertTrue(fromLogGopSim.period() >= 0.3e9, "the trace spans the recording: " + fromLogGopSim.period());
        String row = Files.readString(dir.resolve("jitter-trace.csv"));
        assertTrue(row.contains("t_min_ns") && row.contains("fwq_1ms_p99_us") && row.contains("ftq_1ms_min_free_pct"), row);
    }

    /** A synthetic trace written to files reads back as the one simulate --synthetic builds. */
    @Test
    void synthesizeWritesTheTraceSimulateWouldBuild() {
        CommandRun.Outcome o = run("jitter", "synthesize", "--synthetic", "exponential:10,1000,5000", "--name", "t", "--out", dir.toString());
        assertEquals(0, o.exitCode(), o.toString());
        DetourTrace built = JitterCommands.Simulate.synthetic("exponential:10,1000,5000");
        for (NoiseTraceFiles.Format format : NoiseTraceFiles.Format.values()) {
            Path file = dir.resolve(format == NoiseTraceFiles.Format.TUPLES ? "t.csv" : "t.txt");
            DetourTrace read = NoiseTraceFiles.read(file, format);
            assertEquals(built.detours(), read.detours(), format.toString());
            assertEquals(built.period(), read.period(), 1e-6 * built.period(), format.toString());
            assertEquals(built.start(4999), read.start(4999), 1e-6 * built.period(), format.toString());
        }
    }

    /** Any collective as the synchronisation, and the trace cut to a coverage: the rows say both. */
    @Test
    void simulateWithACollectiveAndCoverages() throws IOException {
        CommandRun.Outcome o = run("jitter", "simulate", "--synthetic", "exponential:5000,200000,20000", "--tasks", "4,64",
                "--modes", "RANDOM", "--barrier", "allreduce:recursive_doubling", "--bytes", "64", "--coverage", "0.05,1",
                "--phases", "20", "--no-progress", "--out", dir.toString());
        assertEquals(0, o.exitCode(), o.toString());
        com.fasterxml.jackson.databind.JsonNode rows = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("jitter.json").toFile()).get("rows");
        assertEquals(4, rows.size(), rows.toString());
        for (com.fasterxml.jackson.databind.JsonNode r : rows) {
            assertEquals("allreduce:recursive_doubling", r.get("barrier").asText());
            assertTrue(r.get("slowdown_pct").asDouble() > 0, r.toString());
        }
        assertEquals(0.05, rows.get(0).get("coverage").asDouble(), 1e-12);
        assertEquals(1.0, rows.get(2).get("coverage").asDouble(), 1e-12);
    }

    /** A detour of 10 us after every 90 us: one task is slowed down by d / T = 11.1 %. */
    @Test
    void simulateAPeriodicTraceGivesDOverT() throws IOException {
        CommandRun.Outcome o = run("jitter", "simulate", "--synthetic", "periodic:10000,90000", "--tasks", "1,64", "--modes", "RANDOM",
                "--barrier", "none", "--phases", "200", "--no-progress", "--out", dir.toString());
        assertEquals(0, o.exitCode(), o.toString());
        com.fasterxml.jackson.databind.JsonNode rows = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("jitter.json").toFile()).get("rows");
        assertEquals(2, rows.size(), rows.toString());
        assertEquals(1, rows.get(0).get("tasks").asInt());
        double single = rows.get(0).get("slowdown_pct").asDouble();
        assertEquals(100.0 / 9, single, 0.02 * 100.0 / 9, rows.toString());
        // 64 tasks meet the same number of detours give or take one: at most one detour more per phase
        double many = rows.get(1).get("slowdown_pct").asDouble();
        assertTrue(many >= single && many <= single + 100.0 * 10 / 1000, rows.toString());
        assertTrue(Files.exists(dir.resolve("jitter-slowdown.png")), o.toString());
    }
}
