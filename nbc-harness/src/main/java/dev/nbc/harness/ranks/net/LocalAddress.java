package dev.nbc.harness.ranks.net;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The address a rank's sockets bind: a host name or address as given, or, as Netgauge's
 * {@code -S address/netmask}, this machine's interface address in a subnet ({@code 10.213.77.0/24})
 * — the one option that every rank of an mpirun job can share while each binds its own host's (or
 * network namespace's) address.
 */
public final class LocalAddress {
    private LocalAddress() {
    }

    /**
     * {@code spec}: {@code HOST} or {@code NETWORK/PREFIX-LENGTH} (IPv4).
     *
     * @throws IllegalArgumentException naming {@code option} if the spec is malformed or no interface is in the subnet
     */
    public static String resolve(String option, String spec) {
        int slash = spec.indexOf('/');
        if (slash < 0) {
            return spec;
        }
        int prefix;
        InetAddress network;
        try {
            prefix = Integer.parseInt(spec.substring(slash + 1));
            network = InetAddress.getByName(spec.substring(0, slash));
        } catch (NumberFormatException | UnknownHostException e) {
            throw new IllegalArgumentException(option + ": expected HOST or NETWORK/PREFIX (e.g. 10.213.77.0/24), but was '" + spec + "'");
        }
        if (!(network instanceof Inet4Address) || prefix < 0 || prefix > 32) {
            throw new IllegalArgumentException(option + ": a subnet must be IPv4 with a prefix of 0..32, but was '" + spec + "'");
        }
        List<String> seen = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                for (InterfaceAddress a : nic.getInterfaceAddresses()) {
                    if (a.getAddress() instanceof Inet4Address v4) {
                        seen.add(v4.getHostAddress());
                        if (sameSubnet(v4, (Inet4Address) network, prefix)) {
                            return v4.getHostAddress();
                        }
                    }
                }
            }
        } catch (SocketException e) {
            throw new IllegalStateException(option + ": cannot list this machine's interfaces: " + e.getMessage(), e);
        }
        throw new IllegalArgumentException(option + ": no interface of this machine is in " + spec + " (it has " + seen + ")");
    }

    private static boolean sameSubnet(Inet4Address a, Inet4Address b, int prefix) {
        int mask = prefix == 0 ? 0 : -1 << (32 - prefix);
        return (bits(a) & mask) == (bits(b) & mask);
    }

    private static int bits(Inet4Address a) {
        byte[] x = a.getAddress();
        return (x[0] & 0xff) << 24 | (x[1] & 0xff) << 16 | (x[2] & 0xff) << 8 | (x[3] & 0xff);
    }
}
