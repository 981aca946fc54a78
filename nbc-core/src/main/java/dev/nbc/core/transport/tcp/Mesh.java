package dev.nbc.core.transport.tcp;

import dev.nbc.core.transport.TransportException;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Connects a rank to every other rank of its group: it connects to the lower ranks and accepts
 * the higher ones, and each side of a new connection sends a hello (magic, version, its rank, the
 * group's size) and checks the other's. A refused connect is tried again every
 * {@value #RETRY_MILLIS} ms (the peer may not listen yet, e.g. with a fixed address list) until
 * the deadline. Set-up only: one selector, closed when the mesh stands.
 */
final class Mesh {
    static final long RETRY_MILLIS = 20;

    private final int rank;
    private final int size;
    private final ServerSocketChannel server;
    private final List<InetSocketAddress> addresses;
    private final long deadline;
    private final long timeoutMillis;
    private final SocketChannel[] channels;
    private final Selector selector;
    /** Why the latest attempt to reach each lower rank failed; null once connected. */
    private final String[] lastError;
    private final long[] retryAt;
    private int established;

    /** One side of a connection being set up. */
    private final class Handshake {
        final SocketChannel channel;
        /** The rank this side connected to; -1 for an accepted connection, whose hello tells. */
        final int expected;
        final ByteBuffer out = ByteBuffer.allocate(Frames.HELLO_BYTES);
        final ByteBuffer in = ByteBuffer.allocate(Frames.HELLO_BYTES);

        Handshake(SocketChannel channel, int expected) {
            this.channel = channel;
            this.expected = expected;
            out.putInt(Frames.HELLO_MAGIC).putInt(Frames.VERSION).putInt(rank).putInt(size).flip();
        }
    }

    private Mesh(int rank, int size, ServerSocketChannel server, List<InetSocketAddress> addresses, long timeoutNanos)
            throws IOException {
        this.rank = rank;
        this.size = size;
        this.server = server;
        this.addresses = addresses;
        this.deadline = System.nanoTime() + timeoutNanos;
        this.timeoutMillis = TimeUnit.NANOSECONDS.toMillis(timeoutNanos);
        this.channels = new SocketChannel[size];
        this.lastError = new String[size];
        this.retryAt = new long[size];
        this.selector = Selector.open();
    }

    /**
     * Returns a connected, non-blocking channel with TCP_NODELAY per peer (null at {@code rank}).
     *
     * @throws TransportException on a timeout (naming the ranks still missing and why) or a peer
     *         that answers as another rank or with another group size
     */
    static SocketChannel[] connect(int rank, int size, ServerSocketChannel server, List<InetSocketAddress> addresses,
                                   long timeoutNanos) throws IOException {
        Mesh mesh = new Mesh(rank, size, server, addresses, timeoutNanos);
        boolean done = false;
        try {
            mesh.run();
            done = true;
            return mesh.channels;
        } finally {
            // connections still in their hello (strangers, or a failure's leftovers) are closed
            List<SelectionKey> keys = List.copyOf(mesh.selector.keys());
            mesh.selector.close();
            for (SelectionKey key : keys) {
                if (key.channel() instanceof SocketChannel channel && !Arrays.asList(mesh.channels).contains(channel)) {
                    channel.close();
                }
            }
            if (!done) {
                for (SocketChannel channel : mesh.channels) {
                    if (channel != null) {
                        channel.close();
                    }
                }
            }
        }
    }

    private void run() throws IOException {
        if (rank < size - 1) {
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
        }
        for (int peer = 0; peer < rank; peer++) {
            startConnect(peer);
        }
        while (established < size - 1) {
            long now = System.nanoTime();
            if (now - deadline >= 0) {
                throw timedOut();
            }
            long wake = deadline;
            for (int peer = 0; peer < rank; peer++) {
                if (retryAt[peer] != 0) {
                    if (now - retryAt[peer] >= 0) {
                        retryAt[peer] = 0;
                        startConnect(peer);
                    } else if (retryAt[peer] - wake < 0) {
                        wake = retryAt[peer];
                    }
                }
            }
            selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(wake - now)));
            for (SelectionKey key : selector.selectedKeys()) {
                if (!key.isValid()) {
                    continue;
                }
                if (key.isAcceptable()) {
                    accept();
                } else {
                    advance(key, (Handshake) key.attachment());
                }
            }
            selector.selectedKeys().clear();
        }
    }

    private void startConnect(int peer) throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            configure(channel);
            Handshake handshake = new Handshake(channel, peer);
            if (channel.connect(addresses.get(peer))) {
                channel.register(selector, SelectionKey.OP_READ | SelectionKey.OP_WRITE, handshake);
            } else {
                channel.register(selector, SelectionKey.OP_CONNECT, handshake);
            }
        } catch (IOException e) {
            channel.close();
            retry(peer, e);
        }
    }

    private void accept() throws IOException {
        SocketChannel channel;
        while ((channel = server.accept()) != null) {
            configure(channel);
            channel.register(selector, SelectionKey.OP_READ | SelectionKey.OP_WRITE, new Handshake(channel, -1));
        }
    }

    private static void configure(SocketChannel channel) throws IOException {
        channel.configureBlocking(false);
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        channel.setOption(StandardSocketOptions.SO_SNDBUF, SOCKET_BUFFER_BYTES);
        channel.setOption(StandardSocketOptions.SO_RCVBUF, SOCKET_BUFFER_BYTES);
    }

    /**
     * Socket buffers asked for on every connection (the kernel caps them at net.core.wmem_max and
     * rmem_max, 4 MiB on Debian): with the autotuned defaults a 1 MiB ping-pong over the loopback
     * took 265 us, with 4 MiB buffers 187-217 us, and 2-4 MiB messages 3-12 % less (docs/netgauge.md).
     */
    static final int SOCKET_BUFFER_BYTES = 4 << 20;

    private void advance(SelectionKey key, Handshake h) throws IOException {
        try {
            if (key.isConnectable()) {
                if (!h.channel.finishConnect()) {
                    return;
                }
                key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                return;
            }
            if (key.isWritable() && h.out.hasRemaining()) {
                h.channel.write(h.out);
                if (!h.out.hasRemaining()) {
                    key.interestOps(SelectionKey.OP_READ);
                }
            }
            if (key.isReadable() && h.in.hasRemaining()) {
                if (h.channel.read(h.in) < 0) {
                    throw new IOException("closed during the hello");
                }
            }
        } catch (IOException e) {
            key.cancel();
            h.channel.close();
            if (h.expected >= 0) {
                retry(h.expected, e);
            }
            return; // an accepted connection that failed was not from a rank of ours (or will come again)
        }
        if (h.out.hasRemaining() || h.in.hasRemaining()) {
            return;
        }
        int magic = h.in.getInt(0);
        int version = h.in.getInt(4);
        int theirRank = h.in.getInt(8);
        int theirSize = h.in.getInt(12);
        key.cancel();
        if (magic != Frames.HELLO_MAGIC || version != Frames.VERSION) {
            h.channel.close();
            if (h.expected >= 0) {
                throw new TransportException("rank " + rank + ": the address of rank " + h.expected + ", "
                        + addresses.get(h.expected) + ", answered, but not as an nbc TCP endpoint of protocol version "
                        + Frames.VERSION);
            }
            return; // a stranger: ignore it
        }
        if (theirSize != size) {
            h.channel.close();
            throw new TransportException("rank " + rank + " of " + size + ": rank " + theirRank + " at "
                    + h.channel.socket().getRemoteSocketAddress() + " says the group has " + theirSize + " ranks");
        }
        int peer = h.expected >= 0 ? h.expected : theirRank;
        if (theirRank != peer || (h.expected < 0 && (peer <= rank || peer >= size)) || channels[peer] != null) {
            h.channel.close();
            throw new TransportException("rank " + rank + " of " + size + ": a connection "
                    + (h.expected >= 0 ? "to rank " + h.expected + "'s address " + addresses.get(h.expected) : "accepted")
                    + " says it comes from rank " + theirRank + (channels[peer] != null ? ", which is connected already"
                    : "; ranks connect to lower ranks only, so the address list must be inconsistent"));
        }
        channels[peer] = h.channel;
        lastError[peer] = null;
        established++;
    }

    private void retry(int peer, IOException cause) {
        lastError[peer] = cause.toString();
        retryAt[peer] = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS);
        if (retryAt[peer] == 0) {
            retryAt[peer] = 1;
        }
    }

    private TransportException timedOut() {
        List<String> missing = new ArrayList<>();
        for (int peer = 0; peer < size; peer++) {
            if (peer != rank && channels[peer] == null) {
                missing.add(peer < rank ? "rank " + peer + " at " + addresses.get(peer)
                        + (lastError[peer] != null ? " (" + lastError[peer] + ")" : " (no answer)")
                        : "rank " + peer + " (did not connect to us)");
            }
        }
        return new TransportException("rank " + rank + " of " + size + ": the TCP connections were not all up after the "
                + "connect timeout of " + timeoutMillis + " ms; missing: " + String.join(", ", missing));
    }
}
