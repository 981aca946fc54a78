package dev.nbc.harness.ranks.net;

import java.net.Inet4Address;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A network interface of this host as {@link LocalAddress} chooses among them: its name, whether it
 * is up and whether it is the loopback, and its IPv4 addresses.
 */
public record HostInterface(String name, boolean up, boolean loopback, List<Inet4Address> addresses) {

    public HostInterface {
        addresses = List.copyOf(addresses);
    }

    /**
     * This host's interfaces, as the kernel lists them.
     *
     * @throws IllegalStateException naming {@code option} if they cannot be listed
     */
    public static List<HostInterface> ofThisHost(String option) {
        List<HostInterface> interfaces = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                List<Inet4Address> v4 = new ArrayList<>();
                for (InterfaceAddress a : nic.getInterfaceAddresses()) {
                    if (a.getAddress() instanceof Inet4Address address) {
                        v4.add(address);
                    }
                }
                interfaces.add(new HostInterface(nic.getName(), nic.isUp(), nic.isLoopback(), v4));
            }
        } catch (SocketException e) {
            throw new IllegalStateException(option + ": cannot list this machine's interfaces: " + e.getMessage(), e);
        }
        return interfaces;
    }

    /** "eth0 192.0.2.2", one entry per address, for messages. */
    List<String> describe() {
        return addresses.stream().map(a -> name + " " + a.getHostAddress()).toList();
    }
}
