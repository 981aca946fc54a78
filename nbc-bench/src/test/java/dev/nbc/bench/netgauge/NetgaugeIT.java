package dev.nbc.bench.netgauge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nbc.bench.NbcBench;
import dev.nbc.bench.netgauge.module.CommModule;
import dev.nbc.bench.netgauge.module.Modules;
import dev.nbc.bench.netgauge.pattern.Pattern;
import dev.nbc.bench.netgauge.pattern.Patterns;
import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Under mpirun: every pattern over every module whose ranks are MPI
 * processes (mpi, tcp and udp over the loopback, their peers found over MPI), on 2 ranks, and the
 * patterns of many ranks on 3 (not a power of two); a pattern the module cannot serve is refused
 * once, naming both.
 */
@Tag("full")
class NetgaugeIT {
    private static final Duration HANG = Duration.ofMinutes(3);
    private static final Set<String> PROCESS_MODULES = Set.of("mpi", "tcp", "udp");
    private static final Set<String> MANY_RANK_PATTERNS = Set.of("1:1", "1:n", "n:1");

    @TempDir
    Path dir;

    static Stream<Arguments> runs() {
        List<Arguments> runs = new ArrayList<>();
        for (CommModule module : Modules.all()) {
            if (!PROCESS_MODULES.contains(module.name())) {
                continue;
            }
            for (Pattern pattern : Patterns.all()) {
                runs.add(Arguments.of(pattern.name(), module.name(), 2, module.offers(pattern.requires())));
                if (MANY_RANK_PATTERNS.contains(pattern.name())) {
                    runs.add(Arguments.of(pattern.name(), module.name(), 3, module.offers(pattern.requires())));
                }
            }
        }
        return runs.stream();
    }

    @ParameterizedTest(name = "{0} over {1}, {2} ranks")
    @MethodSource("runs")
    void patternOverModule(String pattern, String module, int ranks, boolean offered) throws IOException {
        List<String> args = new ArrayList<>(List.of("netgauge", "--pattern", pattern, "--module", module, "--max-bytes", "4096",
                "--repetitions", "50", "--out", dir.toString(), "--name", "it"));
        if (pattern.equals("loggp") || pattern.equals("plogp")) {
            args.addAll(List.of("--assessment-repetitions", "3"));
        }
        MpiJob.Result r = MpiJob.run(ranks, HANG, NbcBench.class, args.toArray(String[]::new));
        assertFalse(r.timedOut(), r.describe());
        if (!offered) {
            assertEquals(2, r.exitCode(), r.describe());
            assertEquals(1, r.output().lines().filter(l -> l.contains("--pattern " + pattern) && l.contains("module " + module)).count(),
                    r.describe());
            return;
        }
        assertEquals(0, r.exitCode(), r.describe());
        JsonNode rows = new ObjectMapper().readTree(dir.resolve("it.json").toFile()).get("rows");
        assertTrue(rows.size() > 0, r.describe());
        for (JsonNode row : rows) {
            assertEquals(module, row.get("module").asText(), r.describe());
            assertEquals(ranks, row.get("ranks").asInt(), r.describe());
            if (row.has("time_us")) {
                assertTrue(row.get("time_us").asDouble() > 0, r.describe());
            }
        }
    }
}
