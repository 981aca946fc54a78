package dev.nbc.bench.netgauge.module;

import dev.nbc.harness.ranks.RankEnv;
import dev.nbc.harness.ranks.net.LocalAddress;
import dev.nbc.harness.ranks.net.Rendezvous;
import picocli.CommandLine.Option;

import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * Netgauge's {@code udp} module: datagrams through the kernel's UDP stack ({@link UdpTransport}),
 * up to a datagram's largest payload, unreliable: a lost message fails its receive with
 * {@link MessageLostException} (a later one arrived, or none within {@code --udp-timeout-ms}), and
 * the patterns report the losses per size.
 */
public final class UdpModule implements CommModule {

    /** The module's options. */
    public static final class Options {
        @Option(names = "--udp-address", paramLabel = "HOST",
                description = "udp: the address this rank binds (default 127.0.0.1; another host's or network namespace's address "
                        + "to leave the loopback).")
        String address = "127.0.0.1";

        @Option(names = "--udp-timeout-ms", paramLabel = "MS",
                description = "udp: a receive with no message after this long reports it lost (default 200).")
        long timeoutMillis = 200;
    }

    private final Options options = new Options();

    @Override
    public Info info() {
        return new Info("udp",
                "datagrams through the kernel's UDP stack (Java NIO), unreliable: losses detected and reported",
                EnumSet.of(Capability.NON_BLOCKING, Capability.ORDERED),
                UdpTransport.MAX_PAYLOAD,
                UdpTransport.HEADER_BYTES,
                Ranks.EITHER);
    }

    @Override
    public Optional<Object> options() {
        return Optional.of(options);
    }

    @Override
    public Endpoint open(RankEnv env) throws Exception {
        if (options.timeoutMillis < 1) {
            throw new IllegalArgumentException("--udp-timeout-ms: must be at least 1, but was " + options.timeoutMillis);
        }
        DatagramChannel channel = UdpTransport.bind(LocalAddress.resolve("--udp-address", options.address));
        List<InetSocketAddress> peers = Rendezvous.exchange(env.control(), (InetSocketAddress) channel.getLocalAddress());
        UdpTransport transport = UdpTransport.open(env.rank(), channel, peers);
        return new Endpoint(this, transport, options.timeoutMillis * 1_000_000L, null);
    }
}
