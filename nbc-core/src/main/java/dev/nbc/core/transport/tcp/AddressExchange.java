package dev.nbc.core.transport.tcp;

import dev.nbc.core.transport.TransportException;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How the ranks of a {@link TcpTransport} group learn each other's listening addresses: an
 * allgather of addresses. Over MPI in a real job ({@link #ofAllgather} turns an allgather of bytes,
 * e.g. {@code MPI_Allgather}, into one), in memory for ranks that are threads of one JVM
 * ({@link #inMemory}), or a fixed list that a user gives ({@link #fixed}, {@link #parse}).
 */
@FunctionalInterface
public interface AddressExchange {

    /** Bytes per address in {@link #ofAllgather}'s encoding: address length (4 or 16), the address, the port. */
    int ADDRESS_BYTES = 20;

    /**
     * Called once by every rank of the group, each with its own listening address; returns every
     * rank's address, indexed by rank ({@code size} of them).
     *
     * @throws Exception if the exchange fails; {@link TcpTransport#open} reports it as a TransportException
     */
    List<InetSocketAddress> allgather(int rank, int size, InetSocketAddress mine) throws Exception;

    /** An allgather of equal-sized byte arrays, in rank order (as {@code MPI_Allgather} of bytes). */
    @FunctionalInterface
    interface BytesAllgather {
        /** Returns every rank's {@code mine}, concatenated in rank order. */
        byte[] allgather(byte[] mine) throws Exception;
    }

    /**
     * An exchange over an allgather of bytes (each rank's address as {@link #ADDRESS_BYTES} bytes):
     * the way to do it over MPI, which nbc-core does not call itself.
     */
    static AddressExchange ofAllgather(BytesAllgather bytes) {
        if (bytes == null) {
            throw new IllegalArgumentException("bytes: must not be null");
        }
        return (rank, size, mine) -> {
            ByteBuffer encoded = ByteBuffer.allocate(ADDRESS_BYTES);
            byte[] address = mine.getAddress().getAddress();
            encoded.put((byte) address.length).put(address).position(17);
            encoded.putShort((short) mine.getPort());
            byte[] all = bytes.allgather(encoded.array());
            if (all == null || all.length != size * ADDRESS_BYTES) {
                throw new IllegalStateException("the allgather returned " + (all == null ? "null" : all.length + " bytes")
                        + ", but " + size + " ranks of " + ADDRESS_BYTES + " bytes make " + size * ADDRESS_BYTES);
            }
            List<InetSocketAddress> addresses = new ArrayList<>(size);
            for (int r = 0; r < size; r++) {
                ByteBuffer entry = ByteBuffer.wrap(all, r * ADDRESS_BYTES, ADDRESS_BYTES);
                int length = entry.get();
                if (length != 4 && length != 16) {
                    throw new IllegalStateException("rank " + r + "'s address entry has an address of " + length + " bytes");
                }
                byte[] raw = new byte[length];
                entry.get(raw);
                int port = Short.toUnsignedInt(entry.getShort(r * ADDRESS_BYTES + 17));
                addresses.add(new InetSocketAddress(InetAddress.getByAddress(raw), port));
            }
            return addresses;
        };
    }

    /**
     * An exchange among {@code size} ranks that are threads of this JVM: each call waits until all
     * {@code size} ranks have called, at most {@code timeout}. One exchange serves one group, once.
     */
    static AddressExchange inMemory(int size, Duration timeout) {
        if (size < 1) {
            throw new IllegalArgumentException("size: a group needs at least 1 rank, but was " + size);
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout: must be positive, but was " + timeout);
        }
        InetSocketAddress[] slots = new InetSocketAddress[size];
        CountDownLatch arrivals = new CountDownLatch(size);
        return (rank, groupSize, mine) -> {
            if (groupSize != size) {
                throw new IllegalArgumentException("size: this in-memory exchange is for " + size + " ranks, but was " + groupSize);
            }
            synchronized (slots) {
                if (slots[rank] != null) {
                    throw new IllegalStateException("rank " + rank + " took part in this in-memory exchange already");
                }
                slots[rank] = mine;
            }
            arrivals.countDown();
            if (!arrivals.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new TransportException("in-memory address exchange: only " + (size - arrivals.getCount()) + " of " + size
                        + " ranks arrived within " + timeout.toMillis() + " ms");
            }
            synchronized (slots) {
                return List.of(slots.clone());
            }
        };
    }

    /** A fixed list of every rank's address, in rank order (a user's {@code host:port} list). */
    static AddressExchange fixed(List<InetSocketAddress> addresses) {
        if (addresses == null || addresses.isEmpty()) {
            throw new IllegalArgumentException("addresses: must list every rank's address, but was " + addresses);
        }
        List<InetSocketAddress> copy = List.copyOf(addresses);
        return (rank, size, mine) -> {
            if (copy.size() != size) {
                throw new IllegalArgumentException("addresses: the list has " + copy.size() + " entries, but the group has "
                        + size + " ranks");
            }
            return copy;
        };
    }

    /**
     * Parses {@code host:port,host:port,...} (IPv6 as {@code [::1]:port}), resolving each host.
     *
     * @throws IllegalArgumentException naming the entry that is not {@code host:port} with a port
     *         in 1..65535, or whose host does not resolve
     */
    static List<InetSocketAddress> parse(String hostPorts) {
        if (hostPorts == null || hostPorts.isBlank()) {
            throw new IllegalArgumentException("hostPorts: must be host:port,host:port,..., but was "
                    + (hostPorts == null ? "null" : "'" + hostPorts + "'"));
        }
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (String raw : Arrays.asList(hostPorts.split(",", -1))) {
            String entry = raw.trim();
            int colon = entry.lastIndexOf(':');
            String host = colon < 0 ? "" : entry.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            int port = -1;
            try {
                port = colon < 0 ? -1 : Integer.parseInt(entry.substring(colon + 1));
            } catch (NumberFormatException e) {
                // reported below
            }
            if (host.isEmpty() || port < 1 || port > 65535) {
                throw new IllegalArgumentException("hostPorts: entry " + addresses.size() + " ('" + entry
                        + "') must be host:port with a port in 1..65535");
            }
            try {
                addresses.add(new InetSocketAddress(InetAddress.getByName(host), port));
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("hostPorts: entry " + addresses.size() + " ('" + entry
                        + "'): unknown host " + host, e);
            }
        }
        return List.copyOf(addresses);
    }
}
