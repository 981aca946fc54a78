package dev.nbc.harness.cli;

import dev.nbc.core.transport.tcp.TcpTransport;
import dev.nbc.harness.ranks.CoreBinding;
import dev.nbc.harness.ranks.Ranks;
import dev.nbc.harness.ranks.mpi.MpiRanks;
import dev.nbc.harness.ranks.net.LocalAddress;
import dev.nbc.harness.ranks.net.TcpSessions;
import picocli.CommandLine.Option;

import java.net.InetAddress;

/** Where the ranks come from, the same options and the same detection in every program. */
public final class TransportOptions {
    private static final String TCP_ADDRESS = "--tcp-address";

    @Option(names = "--transport", paramLabel = "mpi|tcp|inprocess",
            description = "mpi (ranks of the mpirun job; run through scripts/nbcrun), tcp (the same ranks, nbc's sessions over "
                    + "nbc-core's TCP transport; the control plane and Open MPI's own collectives stay on MPI) or inprocess "
                    + "(ranks as threads). Default: mpi when started by mpirun, else inprocess.")
    TransportKind transport;

    @Option(names = "--bind-to", paramLabel = "core|none",
            description = "In-process ranks: core (default) runs each rank, with the progress threads it starts, on CPUs of its "
                    + "own when the ranks fit, as scripts/nbcrun binds MPI ranks; none leaves the threads to the scheduler. "
                    + "Over MPI the binding is mpirun's: give --bind-to to scripts/nbcrun instead.")
    CoreBinding binding;

    @Option(names = TCP_ADDRESS, paramLabel = "HOST|NETWORK/PREFIX",
            description = "--transport tcp: the address each rank's sessions listen on, a host name or address, or NETWORK/PREFIX "
                    + "(e.g. 10.213.77.0/24: each rank's own interface in that subnet, one option for every host of the job). "
                    + "Default: the host's only non-loopback IPv4 interface that is up (127.0.0.1 when it has none; refused "
                    + "when it has several).")
    String tcpAddress;

    /** Where this rank's TCP sessions listen, once found (the check finds it, before MPI starts). */
    private InetAddress tcpListenAddress;

    /** --transport, else what the environment implies (mpirun started us: MPI). */
    public TransportKind kind(JobEnvironment job) {
        return transport != null ? transport : TransportKind.defaultFor(job);
    }

    /** --bind-to, for in-process ranks (default core). */
    public CoreBinding binding() {
        return binding == null ? CoreBinding.CORE : binding;
    }

    /**
     * --bind-to places threads of this JVM (for an mpirun job's ranks it would be silently ignored)
     * and --tcp-address the TCP sessions' sockets. Finding that address (by default the host's only
     * interface) is part of the check, so that a host with several interfaces fails before anything
     * runs.
     */
    public void check(TransportKind kind, OptionChecks checks) {
        if (binding != null && kind != TransportKind.INPROCESS) {
            checks.fail("--bind-to: binds in-process ranks only, but the transport is " + kind
                    + " (MPI ranks are bound by mpirun: scripts/nbcrun --bind-to ...)");
        }
        if (tcpAddress != null && kind != TransportKind.TCP) {
            checks.fail(TCP_ADDRESS + ": for --transport tcp only, but the transport is " + kind);
        }
        if (kind == TransportKind.TCP) {
            try {
                tcpListenAddress();
            } catch (IllegalArgumentException e) {
                checks.fail(e.getMessage());
            }
        }
    }

    /**
     * The ranks of the mpirun job (MPI is initialised here), their nbc sessions over duplicate
     * communicators ({@code mpi}) or over TCP at --tcp-address ({@code tcp}).
     *
     * @throws IllegalArgumentException for {@code inprocess}, whose ranks the program makes itself
     */
    public Ranks mpirunRanks(TransportKind kind) {
        return switch (kind) {
            case MPI -> MpiRanks.create();
            case TCP -> MpiRanks.create(new TcpSessions(tcpListenAddress(), TcpTransport.DEFAULT_CONNECT_TIMEOUT));
            case INPROCESS -> throw new IllegalArgumentException("kind: must be a transport of the mpirun job's ranks (mpi, tcp), "
                    + "but was inprocess");
        };
    }

    private InetAddress tcpListenAddress() {
        if (tcpListenAddress == null) {
            tcpListenAddress = LocalAddress.forListening(TCP_ADDRESS, tcpAddress);
        }
        return tcpListenAddress;
    }
}
