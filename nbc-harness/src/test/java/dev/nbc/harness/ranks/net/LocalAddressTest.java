package dev.nbc.harness.ranks.net;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The socket modules' address option: a host as given, or this machine's interface in a subnet. */
class LocalAddressTest {
    @Test
    void aHostIsTakenAsItIs() {
        assertEquals("example.invalid", LocalAddress.resolve("--tcp-address", "example.invalid"));
    }

    @Test
    void aSubnetGivesTheInterfaceInIt() {
        assertEquals("127.0.0.1", LocalAddress.resolve("--tcp-address", "127.0.0.0/8"));
    }

    @Test
    void aSubnetWithoutAnInterfaceOrMalformedIsRefusedNamingTheOption() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> LocalAddress.resolve("--udp-address", "198.51.100.0/24"));
        assertTrue(none.getMessage().startsWith("--udp-address: no interface of this machine is in 198.51.100.0/24"), none.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> LocalAddress.resolve("--tcp-address", "10.0.0.0/40"));
        assertTrue(bad.getMessage().startsWith("--tcp-address: a subnet must be IPv4 with a prefix of 0..32"), bad.getMessage());
    }
}
