package dev.nbc.bench.netgauge.module;

import dev.nbc.core.transport.tcp.TcpTransport;
import dev.nbc.harness.ranks.RankEnv;
import dev.nbc.harness.ranks.net.LocalAddress;
import dev.nbc.harness.ranks.net.TcpSessions;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;

/**
 * Netgauge's {@code tcp} module: nbc-core's {@link TcpTransport} (Java NIO sockets through the
 * kernel's TCP stack, TCP_NODELAY, busy-polled), the loopback here, another host or network
 * namespace by address. Its peers are found over the control plane (MPI under mpirun), or from a
 * fixed list.
 */
public final class TcpModule implements CommModule {

    /** The module's options. */
    public static final class Options {
        @Option(names = "--tcp-address", paramLabel = "HOST",
                description = "tcp: the address this rank listens on (default 127.0.0.1; another host's or network namespace's "
                        + "address to leave the loopback; or NETWORK/PREFIX, e.g. 10.213.77.0/24: this host's interface in that subnet, "
                        + "as Netgauge's -S, one option for every rank of a job).")
        String address = "127.0.0.1";

        @Option(names = "--tcp-peers", paramLabel = "HOST:PORT,...",
                description = "tcp: every rank's address in rank order, instead of finding them over the control plane.")
        String peers;

        @Option(names = "--tcp-connect-timeout-s", paramLabel = "S", description = "tcp: how long the connections may take (default 30).")
        long connectTimeoutSeconds = 30;
    }

    private final Options options = new Options();

    @Override
    public Info info() {
        return new Info("tcp",
                "nbc-core's TCP transport: Java NIO sockets through the kernel's TCP stack (TCP_NODELAY, busy-polled)",
                EnumSet.of(Capability.RELIABLE, Capability.NON_BLOCKING, Capability.ORDERED),
                Integer.MAX_VALUE - 8,
                TcpTransport.FRAME_HEADER_BYTES,
                Ranks.EITHER);
    }

    @Override
    public Optional<Object> options() {
        return Optional.of(options);
    }

    @Override
    public Endpoint open(RankEnv env) {
        if (options.connectTimeoutSeconds < 1) {
            throw new IllegalArgumentException("--tcp-connect-timeout-s: must be at least 1, but was " + options.connectTimeoutSeconds);
        }
        Duration timeout = Duration.ofSeconds(options.connectTimeoutSeconds);
        TcpTransport transport = options.peers != null
                ? TcpTransport.open(env.rank(), options.peers, timeout)
                : new TcpSessions(LocalAddress.forListening("--tcp-address", options.address), timeout).open(env.control());
        return new Endpoint(this, transport, Long.MAX_VALUE, null);
    }
}
