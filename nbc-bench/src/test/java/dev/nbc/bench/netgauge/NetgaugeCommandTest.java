package dev.nbc.bench.netgauge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nbc.bench.NbcBench;
import dev.nbc.bench.netgauge.module.CommModule;
import dev.nbc.bench.netgauge.module.Modules;
import dev.nbc.bench.netgauge.pattern.Pattern;
import dev.nbc.bench.netgauge.pattern.Patterns;
import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.testing.CommandRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The netgauge command end to end on the modules whose ranks can be threads of this JVM (inprocess,
 * emulated, and tcp and udp over the loopback): every pattern runs over every one of them that has
 * what it needs, and is refused, naming both, by those that do not.
 */
class NetgaugeCommandTest {
    @TempDir
    Path dir;

    private static CommandRun.Outcome run(String... args) {
        return CommandRun.run(NbcBench.commandLine(new JobEnvironment(Map.of())), args);
    }

    private static final List<String> IN_JVM_MODULES = List.of("inprocess", "emulated", "tcp", "udp");

    @Test
    void everyPatternOverEveryModuleInThisJvm() throws IOException {
        List<String> refused = new ArrayList<>();
        for (Pattern pattern : Patterns.all()) {
            for (CommModule module : Modules.all()) {
                if (!IN_JVM_MODULES.contains(module.name())) {
                    continue;
                }
                List<String> args = new ArrayList<>(List.of("netgauge", "--pattern", pattern.name(), "--module", module.name(),
                        "--ranks", "3", "--max-bytes", "64", "--repetitions", "20", "--out", dir.toString(), "--name", "run"));
                if (module.name().equals("emulated")) {
                    args.addAll(List.of("--latency-us", "5", "--overhead-us", "1"));
                }
                if (pattern.name().equals("loggp") || pattern.name().equals("plogp")) {
                    args.addAll(List.of("--assessment-repetitions", "3"));
                }
                CommandRun.Outcome o = run(args.toArray(String[]::new));
                String what = pattern.name() + " over " + module.name() + ": " + o;
                if (module.offers(pattern.requires())) {
                    assertEquals(0, o.exitCode(), what);
                    JsonNode rows = new ObjectMapper().readTree(dir.resolve("run.json").toFile()).get("rows");
                    assertTrue(rows.size() > 0, what);
                    for (JsonNode row : rows) {
                        assertEquals(pattern.name(), row.get("pattern").asText(), what);
                        assertEquals(module.name(), row.get("module").asText(), what);
                        if (row.has("time_us")) {
                            assertTrue(row.get("time_us").asDouble() > 0 && row.get("rounds").asInt() > 0, what);
                            assertEquals(0, row.get("lost").asInt(), what);
                        }
                    }
                } else {
                    assertEquals(2, o.exitCode(), what);
                    assertTrue(o.err().contains(pattern.name()) && o.err().contains(module.name()), what);
                    refused.add(pattern.name() + "/" + module.name());
                }
            }
        }
        // udp is the unreliable one: the model patterns and nbov need a reliable module
        assertEquals(List.of("loggp/udp", "plogp/udp", "nbov/udp"), refused);
    }

    @Test
    void theTimesPatternsSweepSizesAndClients() throws IOException {
        CommandRun.Outcome o = run("netgauge", "--pattern", "n:1", "--module", "inprocess", "--ranks", "4", "--min-bytes", "8",
                "--max-bytes", "1024", "--repetitions", "20", "--out", dir.toString(), "--name", "fan");
        assertEquals(0, o.exitCode(), o.toString());
        JsonNode rows = new ObjectMapper().readTree(dir.resolve("fan.json").toFile()).get("rows");
        // clients 1, 2, 3 x sizes 8, 16, ..., 1024 (8 sizes)
        assertEquals(3 * 8, rows.size(), rows.toString());
        assertTrue(Files.exists(dir.resolve("fan-clients.png")), o.toString());
        assertTrue(o.out().contains("timer nanotime") && o.out().contains("resolution"), o.out());
    }

    @Test
    void anOptionOfAModuleNotChosenIsRefused() {
        CommandRun.Outcome o = run("netgauge", "--pattern", "pingpong", "--module", "inprocess", "--udp-timeout-ms", "5",
                "--out", dir.toString());
        CommandRun.assertUserError(o, "scripts/nbc netgauge", "--udp-timeout-ms: an option of module udp, but the run uses pattern "
                + "pingpong over module inprocess");
    }

    @Test
    void unknownNamesAreRefusedWithTheChoices() {
        CommandRun.Outcome o = run("netgauge", "--pattern", "ring", "--module", "inprocess", "--out", dir.toString());
        CommandRun.assertUserError(o, "scripts/nbc netgauge", "--pattern");
        assertTrue(o.err().contains("pingpong") && o.err().contains("n:1"), o.toString());
        o = run("netgauge", "--pattern", "pingpong", "--module", "infiniband", "--out", dir.toString());
        assertTrue(o.exitCode() == 2 && o.err().contains("udp"), o.toString());
    }

    @Test
    void listAndHelpShowPatternsModulesAndTheirOptions() {
        CommandRun.Outcome list = run("netgauge", "--list");
        assertEquals(0, list.exitCode(), list.toString());
        for (Pattern p : Patterns.all()) {
            assertTrue(list.out().contains(p.name()), list.out());
        }
        assertTrue(list.out().contains("--fan-clients") && list.out().contains("--udp-timeout-ms"), list.out());
        CommandRun.Outcome help = run("netgauge", "--help", "--pattern", "1:n", "--module", "udp");
        assertEquals(0, help.exitCode(), help.toString());
        assertTrue(help.out().contains("pattern 1:n") && help.out().contains("module udp") && help.out().contains("--udp-address"),
                help.out());
    }

    /** Without MPI: one process per rank told its rank and the control addresses (here two threads on the loopback). */
    @Test
    void ranksFromAHostListRunTheSocketModules() throws Exception {
        String hosts = "127.0.0.1:" + freePort() + ",127.0.0.1:" + freePort();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            List<java.util.concurrent.Future<Integer>> codes = new ArrayList<>();
            for (int rank = 0; rank < 2; rank++) {
                String[] args = {"netgauge", "--pattern", "pingpong", "--module", "udp", "--hosts", hosts, "--rank", Integer.toString(rank),
                        "--max-bytes", "64", "--repetitions", "20", "--out", dir.resolve("rank" + rank).toString(), "--name", "hosts"};
                codes.add(pool.submit(() -> NbcBench.commandLine(new JobEnvironment(Map.of())).execute(args)));
            }
            for (java.util.concurrent.Future<Integer> code : codes) {
                assertEquals(0, code.get(2, java.util.concurrent.TimeUnit.MINUTES));
            }
        } finally {
            pool.shutdownNow();
        }
        JsonNode rows = new ObjectMapper().readTree(dir.resolve("rank0").resolve("hosts.json").toFile()).get("rows");
        assertEquals(7, rows.size(), rows.toString());
        assertTrue(rows.get(0).get("time_us").asDouble() > 0, rows.toString());
        assertTrue(Files.notExists(dir.resolve("rank1").resolve("hosts.json")), "rank 1 writes nothing");
        CommandRun.assertUserError(run("netgauge", "--module", "mpi", "--hosts", hosts, "--rank", "0", "--out", dir.toString()),
                "scripts/nbc netgauge", "--hosts: for modules that open their own connections (tcp, udp), but --module is mpi");
        CommandRun.assertUserError(run("netgauge", "--module", "tcp", "--hosts", hosts, "--out", dir.toString()),
                "scripts/nbc netgauge", "--hosts and --rank: go together");
    }

    private static int freePort() throws IOException {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
