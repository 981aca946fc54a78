package dev.nbc.harness.ranks.net;

import org.junit.jupiter.api.Test;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The address option of sockets: a host as given, this machine's interface in a subnet, or the host's only interface. */
class LocalAddressTest {
    private static final HostInterface LOOPBACK = up("lo", true, "127.0.0.1");

    @Test
    void aHostIsTakenAsItIs() {
        assertEquals("example.invalid", LocalAddress.resolve("--tcp-address", "example.invalid"));
    }

    @Test
    void aSubnetGivesTheInterfaceInIt() {
        assertEquals("127.0.0.1", LocalAddress.resolve("--tcp-address", "127.0.0.0/8"));
        assertEquals("10.213.77.3", LocalAddress.inSubnet("--tcp-address", "10.213.77.0/24",
                List.of(LOOPBACK, up("eth0", false, "192.0.2.2"), up("nbc0", false, "10.213.77.3"))));
    }

    @Test
    void aSubnetWithoutAnInterfaceOrMalformedIsRefusedNamingTheOption() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> LocalAddress.resolve("--udp-address", "198.51.100.0/24"));
        assertTrue(none.getMessage().startsWith("--udp-address: no interface of this machine is in 198.51.100.0/24"), none.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> LocalAddress.resolve("--tcp-address", "10.0.0.0/40"));
        assertTrue(bad.getMessage().startsWith("--tcp-address: a subnet must be IPv4 with a prefix of 0..32"), bad.getMessage());
    }

    @Test
    void theDefaultIsTheOnlyInterfaceThatIsUpAndNotTheLoopback() {
        assertEquals("10.213.77.2", LocalAddress.soleAddress("--tcp-address", List.of(LOOPBACK, up("nbc0", false, "10.213.77.2"))));
        HostInterface down = new HostInterface("eth1", false, false, addresses("192.168.7.1"));
        HostInterface ipv6Only = up("eth2", false);
        assertEquals("192.0.2.2", LocalAddress.soleAddress("--tcp-address", List.of(down, LOOPBACK, ipv6Only, up("eth0", false, "192.0.2.2"))));
    }

    @Test
    void aHostWithNoOtherInterfaceListensOnTheLoopback() {
        assertEquals("127.0.0.1", LocalAddress.soleAddress("--tcp-address", List.of(LOOPBACK)));
        assertEquals("127.0.0.1", LocalAddress.soleAddress("--tcp-address",
                List.of(LOOPBACK, new HostInterface("eth1", false, false, addresses("192.168.7.1")))));
    }

    @Test
    void severalInterfacesAreListedAndTheOptionAskedFor() {
        IllegalArgumentException several = assertThrows(IllegalArgumentException.class, () -> LocalAddress.soleAddress("--tcp-address",
                List.of(LOOPBACK, up("eth0", false, "192.0.2.2"), up("docker0", false, "172.17.0.1"))));
        assertEquals("--tcp-address: must be given on this host, which has 2 IPv4 addresses on interfaces that are up "
                + "(eth0 192.0.2.2, docker0 172.17.0.1): the one the ranks reach each other by, as HOST or NETWORK/PREFIX", several.getMessage());
        IllegalArgumentException twoOnOne = assertThrows(IllegalArgumentException.class, () -> LocalAddress.soleAddress("--tcp-address",
                List.of(up("eth0", false, "192.0.2.2", "192.0.2.3"))));
        assertTrue(twoOnOne.getMessage().contains("(eth0 192.0.2.2, eth0 192.0.2.3)"), twoOnOne.getMessage());
    }

    @Test
    void forListeningResolvesTheHostAndNamesTheOptionWhenItCannot() {
        assertEquals(InetAddress.getLoopbackAddress().getHostAddress(),
                LocalAddress.forListening("--tcp-address", "127.0.0.0/8").getHostAddress());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> LocalAddress.forListening("--tcp-address", "no-such-host.invalid"));
        assertTrue(unknown.getMessage().startsWith("--tcp-address: must be a host name or address that resolves"), unknown.getMessage());
    }

    private static HostInterface up(String name, boolean loopback, String... addresses) {
        return new HostInterface(name, true, loopback, addresses(addresses));
    }

    private static List<Inet4Address> addresses(String... literals) {
        return Arrays.stream(literals).map(LocalAddressTest::v4).toList();
    }

    private static Inet4Address v4(String literal) {
        try {
            return (Inet4Address) InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }
}
