package dev.nbc.core.transport.tcp;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AddressExchangeTest {

    @Test
    void parsesHostPortListsIncludingIpv6Literals() throws Exception {
        List<InetSocketAddress> addresses = AddressExchange.parse("127.0.0.1:5000, [::1]:6000,localhost:7000");
        assertEquals(3, addresses.size());
        assertEquals(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 5000), addresses.get(0));
        assertEquals(new InetSocketAddress(InetAddress.getByName("::1"), 6000), addresses.get(1));
        assertEquals(7000, addresses.get(2).getPort());
    }

    @Test
    void aBadEntryIsNamed() {
        for (String list : new String[]{"127.0.0.1:5000,127.0.0.1", "127.0.0.1:0", "127.0.0.1:70000", ":5000",
                "127.0.0.1:5000,,127.0.0.1:5001", "127.0.0.1:port"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AddressExchange.parse(list), list);
            assertTrue(e.getMessage().startsWith("hostPorts: entry "), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> AddressExchange.parse(" "));
    }

    @Test
    void aFixedListMustHaveAnEntryPerRank() throws Exception {
        AddressExchange fixed = AddressExchange.fixed(AddressExchange.parse("127.0.0.1:5000,127.0.0.1:5001"));
        assertEquals(2, fixed.allgather(0, 2, null).size());
        assertThrows(IllegalArgumentException.class, () -> fixed.allgather(0, 3, null));
    }

    @Test
    void anAllgatherOfBytesCarriesIpv4AndIpv6Addresses() throws Exception {
        for (String host : new String[]{"127.0.0.1", "::1", "10.1.2.3"}) {
            InetSocketAddress mine = new InetSocketAddress(InetAddress.getByName(host), 65535);
            // a group of two whose other rank has the same address, one port lower
            AddressExchange exchange = AddressExchange.ofAllgather(bytes -> {
                byte[] all = new byte[2 * bytes.length];
                System.arraycopy(bytes, 0, all, 0, bytes.length);
                System.arraycopy(bytes, 0, all, bytes.length, bytes.length);
                all[bytes.length + 18] -= 1;
                return all;
            });
            List<InetSocketAddress> addresses = exchange.allgather(0, 2, mine);
            assertEquals(mine, addresses.get(0));
            assertEquals(new InetSocketAddress(InetAddress.getByName(host), 65534), addresses.get(1));
        }
        AddressExchange wrongLength = AddressExchange.ofAllgather(bytes -> bytes);
        assertThrows(IllegalStateException.class,
                () -> wrongLength.allgather(0, 2, new InetSocketAddress(InetAddress.getLoopbackAddress(), 1)));
    }

    @Test
    void anInMemoryExchangeTimesOutWhenRanksAreMissing() {
        AddressExchange exchange = AddressExchange.inMemory(2, Duration.ofMillis(50));
        Exception e = assertThrows(Exception.class,
                () -> exchange.allgather(0, 2, new InetSocketAddress(InetAddress.getLoopbackAddress(), 1)));
        assertTrue(e.getMessage().contains("only 1 of 2 ranks"), e.getMessage());
    }
}
