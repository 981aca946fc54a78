package dev.nbc.harness.ranks.net;

import dev.nbc.core.transport.tcp.TcpTransport;
import dev.nbc.harness.ranks.Control;
import dev.nbc.harness.ranks.SessionTransports;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * Transports over nbc-core's {@link TcpTransport}: each a new full mesh of the group, every rank
 * listening on a new ephemeral port of {@code address} (so that the meshes of consecutive sessions
 * never meet) and learning the others' over the control plane ({@link Rendezvous}).
 *
 * @param address        where this rank listens ({@link LocalAddress#forListening})
 * @param connectTimeout how long the connections of one mesh may take
 */
public record TcpSessions(InetAddress address, Duration connectTimeout) implements SessionTransports {

    public TcpSessions {
        if (address == null) {
            throw new IllegalArgumentException("address: must not be null (LocalAddress.forListening finds this host's)");
        }
        if (connectTimeout == null || connectTimeout.isNegative() || connectTimeout.isZero()) {
            throw new IllegalArgumentException("connectTimeout: must be positive, but was " + connectTimeout);
        }
    }

    @Override
    public String name() {
        return "tcp";
    }

    @Override
    public TcpTransport open(Control control) {
        return TcpTransport.open(control.rank(), control.size(), new InetSocketAddress(address, 0),
                (rank, size, mine) -> Rendezvous.exchange(control, mine), connectTimeout);
    }
}
