package dev.nbc.bench.cli;

import dev.nbc.bench.NbcBench;
import dev.nbc.harness.cli.JobEnvironment;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code all} runs every registered benchmark, each with the options it shares with {@code all} and its own defaults.
 * In {@code scripts/test --full} only (20 s): each benchmark's options are checked by its own tests.
 */
@Tag("full")
class AllCompositionTest {

    @Test
    void allRunsEveryRegisteredBenchmarkWithTheSharedOptions(@TempDir Path out) throws Exception {
        int exit = NbcBench.commandLine(new JobEnvironment(Map.of())).execute("all", "--transport", "inprocess", "--ranks", "2",
                "--quick", "--max-bytes", "64", "--collectives", "barrier,bcast", "--variants", "nbc-manual",
                "--inject-offset-us", "5", "--no-progress", "--out", out.toString());
        assertEquals(0, exit);
        List<JsonNode> rows = new ArrayList<>();
        new ObjectMapper().readTree(Files.readString(out.resolve("all.json"))).get("rows").forEach(rows::add);
        Set<String> registered = NbcBench.benchmarks().stream().map(Benchmark::name).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(registered, rows.stream().map(r -> r.get("benchmark").asText()).collect(Collectors.toCollection(TreeSet::new)));
        for (String sweep : List.of("overhead", "overlap", "latency")) {
            assertEquals(64, largest(rows, sweep), sweep + " takes all's --max-bytes");
        }
        assertEquals(8, largest(rows, "tail"), "tail keeps its own --bytes default");
        assertEquals(Set.of("5.0"), rows.stream().filter(r -> r.get("benchmark").asText().equals("sync")).map(r -> r.get("inject_offset_us").asText())
                .collect(Collectors.toSet()), "sync takes all's clock options");
        assertEquals(Set.of("barrier", "bcast"), rows.stream().filter(r -> !r.get("benchmark").asText().equals("sync"))
                .map(r -> r.get("collective").asText()).collect(Collectors.toSet()));
    }

    private static int largest(List<JsonNode> rows, String benchmark) {
        return rows.stream().filter(r -> r.get("benchmark").asText().equals(benchmark)).mapToInt(r -> r.get("bytes").asInt())
                .max().orElse(-1);
    }
}
