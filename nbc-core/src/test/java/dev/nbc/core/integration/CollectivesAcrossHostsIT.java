package dev.nbc.core.integration;

import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

/**
 * nbc's collectives across hosts: the ranks of {@link CollectivesVsOpenMpi} dealt round-robin over
 * three network-namespace "hosts" of {@code scripts/netns-cluster} (Open MPI over TCP between
 * them, {@code --mca btl tcp,self}, orted started by an rsh agent that enters a namespace), every
 * result compared byte for byte with Open MPI's own collective on the same data.
 *
 * <p>Needs root (network namespaces). It never skips on its own: when the namespaces cannot be
 * made it fails saying why. {@code NBC_SKIP_NETNS=1} leaves it out, reported as skipped.
 */
class CollectivesAcrossHostsIT {
    private static final String OPT_OUT = "NBC_SKIP_NETNS";
    private static final Duration SCRIPT_TIMEOUT = Duration.ofMinutes(2);

    @BeforeAll
    static void clusterUp() {
        Assumptions.assumeFalse("1".equals(System.getenv(OPT_OUT)),
                OPT_OUT + "=1: the test across network-namespace hosts is left out");
        MpiJob.Result up = MpiJob.script(SCRIPT_TIMEOUT, "scripts/netns-cluster", "up", "--hosts", "3");
        if (up.exitCode() != 0) {
            throw new AssertionError("cannot make the 3 network-namespace hosts with scripts/netns-cluster up (it needs "
                    + "root and iproute2; " + OPT_OUT + "=1 leaves this test out): " + up.describe());
        }
    }

    @AfterAll
    static void clusterDown() {
        if (!"1".equals(System.getenv(OPT_OUT))) {
            MpiJob.Result down = MpiJob.script(SCRIPT_TIMEOUT, "scripts/netns-cluster", "down");
            if (down.exitCode() != 0) {
                throw new AssertionError("scripts/netns-cluster down failed: " + down.describe());
            }
        }
    }

    /**
     * P = 3: one rank per host; P = 5: two hosts with two ranks (TCP also between ranks of one
     * host, as {@code btl tcp,self} has no shared memory) and one with one; a 1 Gbit/s tbf limit
     * on every host's link, with MANUAL progress (no progress thread); and nbc's communicator over
     * nbc's own TCP transport between the hosts (the progress thread waiting for its sockets).
     */
    @ParameterizedTest(name = "P = {0} over 3 hosts, {1}, rate {2}, nbc over {3}")
    @CsvSource({"3, THREAD, none, mpi", "5, THREAD, none, mpi", "4, MANUAL, 1gbit, mpi", "3, THREAD, 1gbit, tcp"})
    void everyCollectiveEqualsOpenMpisAcrossHosts(int ranks, ProgressMode mode, String rate, String transport) {
        MpiJob.Launcher launcher = rate.equals("none") ? MpiJob.Launcher.netnsCluster()
                : MpiJob.Launcher.netnsCluster("--rate", rate);
        MpiJob.Result result = MpiJob.run(launcher, ranks, Duration.ofMinutes(8), CollectivesVsOpenMpi.class,
                String.valueOf(ranks), mode.name(), transport);
        CollectivesVsOpenMpiIT.assertNoMismatch(result, ranks, mode, transport);
    }
}
