package dev.nbc.bench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nbc.bench.NbcBench;
import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --transport tcp} on the ranks of real mpirun jobs: the overlap sweep's nbc sessions over
 * TCP meshes found over the MPI control plane, Open MPI's own collectives (the ompi variant) beside
 * them, and every row recording transport tcp. On this machine the address is given (the loopback
 * by its subnet), since a machine may have several interfaces; across the network-namespace hosts
 * of {@code scripts/netns-cluster} (root; {@code NBC_SKIP_NETNS=1} leaves that run out) it is not,
 * and each rank must find its host's only interface, nbc0, by itself.
 */
class TcpTransportIT {
    private static final Duration HANG = Duration.ofMinutes(6);
    private static final String SKIP_NETNS = "NBC_SKIP_NETNS";

    @TempDir
    Path dir;

    @Test
    void overlapRunsItsSessionsOverTcpOnTwoRanks() throws IOException {
        MpiJob.Result r = MpiJob.run(2, HANG, NbcBench.class, overlap("--tcp-address", "127.0.0.0/8"));
        assertRanOverTcp(r, 2);
    }

    @Test
    void acrossHostsEachRankListensOnItsHostsOnlyInterface() throws IOException {
        Assumptions.assumeFalse("1".equals(System.getenv(SKIP_NETNS)), SKIP_NETNS + "=1: the run across network-namespace hosts is left out");
        MpiJob.Result r = MpiJob.run(MpiJob.Launcher.netnsCluster(), 3, HANG, NbcBench.class, overlap());
        assertRanOverTcp(r, 3);
    }

    private String[] overlap(String... more) {
        List<String> args = new ArrayList<>(List.of("overlap", "--transport", "tcp", "--quick", "--runs", "1",
                "--collectives", "allreduce,bcast", "--max-bytes", "4096", "--no-progress", "--out", dir.toString(), "--name", "it"));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    private void assertRanOverTcp(MpiJob.Result r, int ranks) throws IOException {
        assertFalse(r.timedOut(), r.describe());
        assertEquals(0, r.exitCode(), r.describe());
        JsonNode rows = new ObjectMapper().readTree(dir.resolve("it.json").toFile()).get("rows");
        assertTrue(rows.size() > 0, r.describe());
        Set<String> variants = new TreeSet<>();
        for (JsonNode row : rows) {
            assertEquals("tcp", row.get("transport").asText(), r.describe());
            assertEquals("tcp", row.get("network").asText(), r.describe());
            assertEquals(ranks, row.get("P_max").asInt(), r.describe());
            variants.add(row.get("variant").asText());
        }
        assertEquals(Set.of("nbc-thread", "nbc-manual", "ompi"), variants, "nbc's sessions and Open MPI's collectives: " + r.describe());
    }
}
