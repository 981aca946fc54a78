package dev.nbc.harness.ranks.net;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * The address a rank's sockets bind: a host name or address as given, or, as Netgauge's
 * {@code -S address/netmask}, this machine's interface address in a subnet ({@code 10.213.77.0/24})
 * — the one option that every rank of an mpirun job can share while each binds its own host's (or
 * network namespace's) address. Without either, {@link #forListening} takes the host's only
 * interface, which is what a cluster node's ranks reach each other by.
 */
public final class LocalAddress {
    /** The address of a host with no interface but the loopback: its ranks reach each other there. */
    static final String LOOPBACK = "127.0.0.1";

    private LocalAddress() {
    }

    /**
     * {@code spec}: {@code HOST} (returned as it is) or {@code NETWORK/PREFIX-LENGTH} (IPv4: the
     * address of this machine's interface in that subnet).
     *
     * @throws IllegalArgumentException naming {@code option} if the spec is malformed or no interface is in the subnet
     */
    public static String resolve(String option, String spec) {
        return spec.indexOf('/') < 0 ? spec : inSubnet(option, spec, HostInterface.ofThisHost(option));
    }

    /**
     * Where a rank listens: {@code spec} as {@link #resolve} takes it, or, when it is null, this
     * host's only address ({@link #soleAddress}); resolved.
     *
     * @throws IllegalArgumentException naming {@code option} if the spec is malformed, no interface
     *         is in its subnet or its host does not resolve, or if there is no spec and the host has
     *         several interfaces to choose from
     */
    public static InetAddress forListening(String option, String spec) {
        String host = spec != null ? resolve(option, spec) : soleAddress(option, HostInterface.ofThisHost(option));
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(option + ": must be a host name or address that resolves, or NETWORK/PREFIX, "
                    + "but was '" + spec + "'");
        }
    }

    /**
     * The IPv4 address of the only interface among {@code interfaces} that is up and not the
     * loopback; {@link #LOOPBACK} if there is none (a host on its own).
     *
     * @throws IllegalArgumentException naming {@code option} and listing them if there are several:
     *         which one the ranks reach each other by is not for this host to guess
     */
    static String soleAddress(String option, List<HostInterface> interfaces) {
        List<HostInterface> candidates = interfaces.stream().filter(i -> i.up() && !i.loopback() && !i.addresses().isEmpty()).toList();
        List<String> described = candidates.stream().flatMap(i -> i.describe().stream()).toList();
        if (described.isEmpty()) {
            return LOOPBACK;
        }
        if (described.size() > 1) {
            throw new IllegalArgumentException(option + ": must be given on this host, which has " + described.size()
                    + " IPv4 addresses on interfaces that are up (" + String.join(", ", described)
                    + "): the one the ranks reach each other by, as HOST or NETWORK/PREFIX");
        }
        return candidates.get(0).addresses().get(0).getHostAddress();
    }

    /** The address among {@code interfaces} in the subnet {@code spec} ({@code NETWORK/PREFIX-LENGTH}). */
    static String inSubnet(String option, String spec, List<HostInterface> interfaces) {
        int slash = spec.indexOf('/');
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
        for (HostInterface nic : interfaces) {
            for (Inet4Address v4 : nic.addresses()) {
                seen.add(v4.getHostAddress());
                if (sameSubnet(v4, (Inet4Address) network, prefix)) {
                    return v4.getHostAddress();
                }
            }
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
