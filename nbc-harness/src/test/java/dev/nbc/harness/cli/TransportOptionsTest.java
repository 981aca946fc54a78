package dev.nbc.harness.cli;

import dev.nbc.harness.cli.testing.CommandRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.Map;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rules of --transport, --bind-to and --tcp-address, as every program that mixes them in checks them. */
class TransportOptionsTest {

    /** A command with the transport options, checked as the programs check them; records the transport it ran with. */
    @Command(name = "probe")
    static final class Probe implements Callable<Integer>, Checked {
        @Mixin
        TransportOptions transport;

        TransportKind ran;
        private JobEnvironment job;

        @Override
        public void check(OptionChecks checks) {
            job = checks.job();
            transport.check(transport.kind(job), checks);
        }

        @Override
        public Integer call() {
            ran = transport.kind(job);
            return 0;
        }
    }

    private static final JobEnvironment ALONE = new JobEnvironment(Map.of());
    private static final JobEnvironment UNDER_MPIRUN = new JobEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "2"));

    @Test
    void tcpTakesAnAddressOrASubnet() {
        assertEquals(TransportKind.TCP, ranWith(ALONE, "--transport", "tcp", "--tcp-address", "127.0.0.1"));
        assertEquals(TransportKind.TCP, ranWith(UNDER_MPIRUN, "--transport", "TCP", "--tcp-address", "127.0.0.0/8"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--transport tcp --tcp-address 198.51.100.0/24     | --tcp-address: no interface of this machine is in 198.51.100.0/24",
        "--transport tcp --tcp-address 10.0.0.0/33         | --tcp-address: a subnet must be IPv4 with a prefix of 0..32",
        "--transport tcp --tcp-address no-such-host.invalid | --tcp-address: must be a host name or address that resolves, or NETWORK/PREFIX, but was 'no-such-host.invalid'",
        "--tcp-address 127.0.0.1                           | --tcp-address: for --transport tcp only, but the transport is inprocess",
        "--transport mpi --tcp-address 127.0.0.1           | --tcp-address: for --transport tcp only, but the transport is mpi",
        "--transport tcp --tcp-address 127.0.0.1 --bind-to none | --bind-to: binds in-process ranks only, but the transport is tcp",
        "--transport udp                                   | unknown transport 'udp' (mpi, tcp, inprocess)",
    })
    void aBadCombinationIsOneLineBeforeTheCommandRuns(String args, String expected) {
        Probe probe = new Probe();
        CommandRun.Outcome outcome = CommandRun.run(Cli.commandLine(probe, ALONE), args.split(" "));
        CommandRun.assertUserError(outcome, "probe", expected);
        assertEquals(null, probe.ran, "the command did not run");
    }

    @Test
    void underMpirunTheDefaultTransportIsMpiSoAnAddressAloneIsRefused() {
        Probe probe = new Probe();
        CommandRun.Outcome outcome = CommandRun.run(Cli.commandLine(probe, UNDER_MPIRUN), "--tcp-address", "127.0.0.1");
        CommandRun.assertUserError(outcome, "probe", "--tcp-address: for --transport tcp only, but the transport is mpi");
    }

    @Test
    void transportKindsParseAndInProcessRanksAreNotAnMpirunJobs() {
        assertEquals(TransportKind.TCP, TransportKind.parse(" Tcp "));
        assertEquals("tcp", TransportKind.TCP.label());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> TransportKind.parse("sockets"));
        assertEquals("unknown transport 'sockets' (mpi, tcp, inprocess)", unknown.getMessage());
        IllegalArgumentException inProcess = assertThrows(IllegalArgumentException.class,
                () -> new TransportOptions().mpirunRanks(TransportKind.INPROCESS));
        assertTrue(inProcess.getMessage().startsWith("kind: must be a transport of the mpirun job's ranks (mpi, tcp)"), inProcess.getMessage());
    }

    private static TransportKind ranWith(JobEnvironment job, String... args) {
        Probe probe = new Probe();
        CommandRun.Outcome outcome = CommandRun.run(Cli.commandLine(probe, job), args);
        assertEquals(0, outcome.exitCode(), outcome.err());
        return probe.ran;
    }
}
