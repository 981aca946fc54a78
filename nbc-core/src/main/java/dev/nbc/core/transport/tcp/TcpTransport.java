package dev.nbc.core.transport.tcp;

import dev.nbc.core.transport.ActivitySignal;
import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.RevokedException;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.TransportArguments;
import dev.nbc.core.transport.TransportException;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * {@link Transport} over TCP: Java NIO socket channels through the kernel's network stack, a full
 * mesh of one connection per pair of ranks (loopback in one machine, or other hosts and network
 * namespaces by address).
 *
 * <p><b>Setting up.</b> {@link #open} binds a listening socket (port 0: an ephemeral one), gives
 * its address to the caller's {@link AddressExchange} (an allgather of addresses: over MPI,
 * in memory, or a fixed list) and connects the mesh: each rank connects to the lower ranks and
 * accepts the higher ones, and a hello on each new connection names the connecting rank
 * ({@code Mesh}). {@link #localGroup} opens a whole group on loopback in this JVM, for tests and
 * examples. Connections are non-blocking with TCP_NODELAY.
 *
 * <p><b>Frames.</b> An 8-byte header (tag, length) and the payload. Tags are 31 bits
 * ({@link #maxTag()} is {@link Integer#MAX_VALUE}); negative tags are the transport's control
 * frames (the revocation notice). Payloads up to 2 GiB - 1.
 *
 * <p><b>Progress.</b> No thread of its own: {@link #send} writes at once when its connection has
 * nothing queued, and every {@link PendingOperation#test()} of an operation not yet complete
 * advances all of this endpoint's I/O, as MPI's progress does: it writes every connection's
 * queued frames, then reads every connection (directly up to {@value #POLL_EVERY_CONNECTION_UP_TO}
 * peers, above that only those a non-blocking {@code selectNow} reports readable), without ever
 * blocking. A progress thread waits for it in the kernel ({@link #activitySignal()}): it wakes when
 * a connection has data or room for queued frames, and looks at a long payload in flight at the
 * pace its peer's data has been arriving ({@code Peer.pace}), not at every segment. Reads go on
 * while writes are stuck, so two ranks that send each other large messages at once do not deadlock. Data arriving before its receive is posted is kept in pooled direct
 * buffers (without bound, as MPI's eager protocol); a receive posted in time gets its payload
 * read straight into its buffer, beyond what a read of the connection's small read-ahead buffer
 * brought along with the header (see {@code Peer}). Self-sends are copied.
 *
 * <p><b>Failures.</b> A peer that closes its end or resets the connection fails every operation
 * pending to or from it, naming the peer, and later operations with it fail at their first test;
 * messages that had arrived whole can still be received. A message longer than its receive fails
 * the receive (nothing is written past it) and the stream goes on. {@link #revoke} sends a
 * notice to every peer, whose pending and later operations then fail with a
 * {@link RevokedException} carrying the reason and the revoking rank; a send that is half on the
 * wire is finished from a copy first, so that the stream stays whole. The notices go out while
 * anything polls, and {@link #close()} waits up to {@value #CLOSE_FLUSH_MILLIS} ms for them.
 *
 * <p><b>Threads.</b> Every public method and every operation's {@code test()} and {@code cancel()}
 * holds this endpoint's lock: a progress engine's thread and an application thread may take
 * turns, and {@link #close()} may come from anywhere.
 */
public final class TcpTransport implements Transport {
    /** The connect timeout {@link #localGroup(int)} uses. */
    /** Bytes every message carries on the wire besides its data: its frame's header (tag, length). */
    public static final int FRAME_HEADER_BYTES = Frames.HEADER_BYTES;
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(30);
    /** Up to this many peers, a progress pass reads every connection; above, a non-blocking select picks the readable ones. */
    static final int POLL_EVERY_CONNECTION_UP_TO = 4;
    static final long CLOSE_FLUSH_MILLIS = 1000;
    static final PendingOperation COMPLETED = () -> true;

    private final int rank;
    private final int size;
    private final int ranksInThisProcess;
    /** Indexed by rank; {@code peers[rank]} is this rank itself. */
    private final Peer[] peers;
    /** The others, in rank order. */
    private final Peer[] others;
    /** For more than {@link #POLL_EVERY_CONNECTION_UP_TO} peers: readability of every connection; else null. */
    private final Selector readiness;
    private final Consumer<SelectionKey> pumpReady = this::pumpReady;
    /** What a progress thread waits on: the connections' readiness, with long payloads paced. */
    private final SocketActivity activity;
    final DirectBufferPool pool = new DirectBufferPool();
    /** Where the payloads of messages nobody will receive are read to (after a truncation or a revocation). */
    final ByteBuffer discard = ByteBuffer.allocateDirect(64 * 1024);
    private RevokedException revoked;
    private boolean closed;

    private TcpTransport(int rank, int size, SocketChannel[] channels, int ranksInThisProcess) throws IOException {
        this.rank = rank;
        this.size = size;
        this.ranksInThisProcess = ranksInThisProcess;
        this.peers = new Peer[size];
        this.others = new Peer[size - 1];
        for (int peer = 0, i = 0; peer < size; peer++) {
            peers[peer] = new Peer(this, peer, peer == rank ? null : channels[peer]);
            if (peer != rank) {
                others[i++] = peers[peer];
            }
        }
        if (others.length > POLL_EVERY_CONNECTION_UP_TO) {
            readiness = Selector.open();
            for (Peer peer : others) {
                peer.channel.register(readiness, SelectionKey.OP_READ, peer);
            }
        } else {
            readiness = null;
        }
        activity = new SocketActivity(this, others);
    }

    /**
     * Opens rank {@code rank}'s endpoint of a group of {@code size}: binds {@code listen} (port 0
     * for an ephemeral port; a wildcard address is announced as this host's address), exchanges
     * addresses through {@code exchange}, and connects to every other rank. Blocks until the mesh
     * stands; every rank of the group must call it.
     *
     * @param connectTimeout how long the connections may take after the exchange (refused connects
     *                       are retried meanwhile, so ranks may start at different times)
     * @throws IllegalArgumentException if an argument is null or out of range, naming it
     * @throws TransportException if binding, the exchange or the connections fail, or time out
     */
    public static TcpTransport open(int rank, int size, InetSocketAddress listen, AddressExchange exchange,
                                    Duration connectTimeout) {
        return open(rank, size, listen, exchange, connectTimeout, 1);
    }

    /**
     * Opens rank {@code rank}'s endpoint of the group whose every rank's address {@code hostPorts}
     * lists ({@code host:port,host:port,...}, in rank order, {@link AddressExchange#parse}): it
     * listens on its own entry's port on every local address.
     */
    public static TcpTransport open(int rank, String hostPorts, Duration connectTimeout) {
        List<InetSocketAddress> addresses = AddressExchange.parse(hostPorts);
        if (rank < 0 || rank >= addresses.size()) {
            throw new IllegalArgumentException("rank: must be in 0.." + (addresses.size() - 1) + " (the entries of hostPorts), "
                    + "but was " + rank);
        }
        return open(rank, addresses.size(), new InetSocketAddress(addresses.get(rank).getPort()),
                AddressExchange.fixed(addresses), connectTimeout);
    }

    /** {@link #localGroup(int, Duration)} with {@link #DEFAULT_CONNECT_TIMEOUT}. */
    public static List<TcpTransport> localGroup(int size) {
        return localGroup(size, DEFAULT_CONNECT_TIMEOUT);
    }

    /**
     * Opens a group of {@code size} endpoints on loopback in this JVM (ephemeral ports, the
     * addresses exchanged in memory), for tests and examples: endpoint r is rank r, to be driven
     * by its own thread or progress engine. The set-up runs one short-lived thread per rank.
     *
     * @throws TransportException if any endpoint fails to open; those that opened are closed
     */
    public static List<TcpTransport> localGroup(int size, Duration connectTimeout) {
        if (size < 1) {
            throw new IllegalArgumentException("size: a group needs at least 1 rank, but was " + size);
        }
        checkTimeout(connectTimeout);
        AddressExchange exchange = AddressExchange.inMemory(size, connectTimeout);
        InetSocketAddress listen = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        TcpTransport[] opened = new TcpTransport[size];
        RuntimeException[] failures = new RuntimeException[size];
        Thread[] threads = new Thread[size];
        for (int r = 0; r < size; r++) {
            int rank = r;
            threads[r] = new Thread(() -> {
                try {
                    opened[rank] = open(rank, size, listen, exchange, connectTimeout, size);
                } catch (RuntimeException e) {
                    failures[rank] = e;
                }
            }, "nbc-tcp-open-" + r);
            threads[r].setDaemon(true);
            threads[r].start();
        }
        boolean interrupted = false;
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        TransportException failed = null;
        for (int r = 0; r < size; r++) {
            if (failures[r] != null) {
                if (failed == null) {
                    failed = new TransportException("opening a local TCP group of " + size + " failed at rank " + r + ": "
                            + failures[r].getMessage(), failures[r]);
                } else {
                    failed.addSuppressed(failures[r]);
                }
            }
        }
        if (failed != null) {
            for (TcpTransport transport : opened) {
                if (transport != null) {
                    transport.close();
                }
            }
            throw failed;
        }
        return List.of(opened);
    }

    private static TcpTransport open(int rank, int size, InetSocketAddress listen, AddressExchange exchange,
                                     Duration connectTimeout, int ranksInThisProcess) {
        if (size < 1) {
            throw new IllegalArgumentException("size: a group needs at least 1 rank, but was " + size);
        }
        if (rank < 0 || rank >= size) {
            throw new IllegalArgumentException("rank: must be in 0.." + (size - 1) + " (the group's ranks), but was " + rank);
        }
        if (listen == null) {
            throw new IllegalArgumentException("listen: must not be null (port 0 for an ephemeral port)");
        }
        if (listen.isUnresolved()) {
            throw new IllegalArgumentException("listen: " + listen + " does not resolve");
        }
        if (exchange == null) {
            throw new IllegalArgumentException("exchange: must not be null");
        }
        checkTimeout(connectTimeout);
        ServerSocketChannel server = null;
        try {
            server = ServerSocketChannel.open();
            server.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            try {
                server.bind(listen, Math.max(50, size));
            } catch (IOException e) {
                throw new TransportException("rank " + rank + " of " + size + ": cannot listen on " + listen + ": " + e, e);
            }
            InetSocketAddress bound = (InetSocketAddress) server.getLocalAddress();
            InetSocketAddress mine = bound.getAddress().isAnyLocalAddress() ? announced(bound) : bound;
            List<InetSocketAddress> addresses = exchangeAddresses(exchange, rank, size, mine);
            SocketChannel[] channels = Mesh.connect(rank, size, server, addresses, connectTimeout.toNanos());
            try {
                return new TcpTransport(rank, size, channels, ranksInThisProcess);
            } catch (IOException e) {
                for (SocketChannel channel : channels) {
                    if (channel != null) {
                        channel.close();
                    }
                }
                throw e;
            }
        } catch (IOException e) {
            throw new TransportException("rank " + rank + " of " + size + ": setting up the TCP mesh failed: " + e, e);
        } finally {
            if (server != null) {
                try {
                    server.close();
                } catch (IOException ignored) {
                    // the mesh stands or has failed; the listener has no more use
                }
            }
        }
    }

    /**
     * The address to announce for a socket bound to the wildcard address: this host's
     * ({@link InetAddress#getLocalHost()}), or the wildcard itself if the host name does not
     * resolve (a fixed address list ignores it; on one host, connecting to it reaches this host).
     */
    private static InetSocketAddress announced(InetSocketAddress bound) {
        try {
            return new InetSocketAddress(InetAddress.getLocalHost(), bound.getPort());
        } catch (UnknownHostException e) {
            return bound;
        }
    }

    private static List<InetSocketAddress> exchangeAddresses(AddressExchange exchange, int rank, int size,
                                                             InetSocketAddress mine) {
        List<InetSocketAddress> addresses;
        try {
            addresses = exchange.allgather(rank, size, mine);
        } catch (TransportException | IllegalArgumentException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransportException("rank " + rank + " of " + size + ": interrupted in the address exchange", e);
        } catch (Exception e) {
            throw new TransportException("rank " + rank + " of " + size + ": the address exchange failed: " + e, e);
        }
        if (addresses == null || addresses.size() != size) {
            throw new TransportException("rank " + rank + " of " + size + ": the address exchange returned "
                    + (addresses == null ? "null" : addresses.size() + " addresses") + " instead of " + size);
        }
        for (int r = 0; r < size; r++) {
            InetSocketAddress address = addresses.get(r);
            if (address == null || address.isUnresolved() || address.getPort() == 0) {
                throw new TransportException("rank " + rank + " of " + size + ": the address exchange gave rank " + r
                        + " the address " + address + ", which cannot be connected to");
            }
        }
        return addresses;
    }

    private static void checkTimeout(Duration connectTimeout) {
        if (connectTimeout == null || connectTimeout.isNegative() || connectTimeout.isZero()) {
            throw new IllegalArgumentException("connectTimeout: must be positive, but was " + connectTimeout);
        }
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    /** The header's tag is a signed 32-bit int whose negative values are control frames. */
    @Override
    public int maxTag() {
        return Integer.MAX_VALUE;
    }

    @Override
    public String name() {
        return "tcp";
    }

    /** 1 for {@link #open}; the group's size for {@link #localGroup}, whose ranks are threads of this JVM. */
    @Override
    public int ranksInThisProcess() {
        return ranksInThisProcess;
    }

    @Override
    public ActivitySignal activitySignal() {
        return activity;
    }

    /**
     * A quarter of the socket buffers: the kernel takes the whole message at the send and receives
     * it into the peer's buffer whether or not anyone polls.
     */
    @Override
    public int bytesMovedWithoutPolling() {
        return Mesh.SOCKET_BUFFER_BYTES / 4;
    }

    /** The connection to {@code rank} (its matching state, for this rank itself): for the tests of this package. */
    Peer peer(int rank) {
        return peers[rank];
    }

    @Override
    public PendingOperation send(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        TransportArguments.checkSend(this, buffer, offset, length, peer, tag);
        synchronized (this) {
            requireUsable();
            return peers[peer].send(buffer, offset, length, tag);
        }
    }

    @Override
    public PendingOperation receive(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        TransportArguments.checkReceive(this, buffer, offset, length, peer, tag);
        synchronized (this) {
            requireUsable();
            return peers[peer].receive(buffer, offset, length, tag);
        }
    }

    /**
     * Fails this rank's pending and later operations, and sends every peer a notice (at most
     * {@value Frames#MAX_REASON_BYTES} bytes of the reason) that does the same there. Only the
     * first revocation counts, this rank's or a peer's. Never blocks.
     */
    @Override
    public synchronized void revoke(String reason) {
        if (closed || revoked != null) {
            return;
        }
        String text = String.valueOf(reason);
        revoked = new RevokedException("rank " + rank + " of " + size + " revoked the TCP transport: " + text);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ByteBuffer notice = ByteBuffer.allocateDirect(Math.min(bytes.length, Frames.MAX_REASON_BYTES));
        notice.put(0, bytes, 0, notice.capacity());
        for (Peer peer : peers) {
            peer.revoke(revoked);
            peer.sendInternal(notice, Frames.REVOKE);
        }
        progress();
    }

    /** A peer's notice arrived. */
    void revokedBy(int peer, String reason) {
        if (revoked != null) {
            return;
        }
        revoked = new RevokedException("rank " + peer + " of " + size + " revoked the TCP transport: " + reason);
        for (Peer p : peers) {
            p.revoke(revoked);
        }
    }

    /** The revocation, or null. */
    RevokedException revocation() {
        return revoked;
    }

    /**
     * One pass over every connection: queued frames written, then whatever has arrived read.
     * Never blocks; a connection that fails fails its own operations only. Under the lock.
     */
    void progress() {
        if (closed) {
            return;
        }
        for (Peer peer : others) {
            if (peer.hasQueuedFrames() && !peer.isBroken()) {
                try {
                    peer.flush();
                } catch (IOException e) {
                    peer.fail("could not be written to", e);
                }
            }
        }
        if (readiness == null) {
            for (Peer peer : others) {
                pump(peer);
            }
        } else {
            try {
                readiness.selectNow(pumpReady);
            } catch (IOException e) {
                // the selector itself failed: read every connection instead
                for (Peer peer : others) {
                    pump(peer);
                }
            }
        }
    }

    private void pumpReady(SelectionKey key) {
        pump((Peer) key.attachment());
    }

    private static void pump(Peer peer) {
        if (!peer.isBroken()) {
            try {
                peer.pace(peer.pump());
            } catch (IOException e) {
                peer.fail("failed", e);
            }
        }
    }

    /**
     * Closes the connections and abandons what is pending (those operations fail). After a
     * revocation, waits up to {@value #CLOSE_FLUSH_MILLIS} ms for the notices (and the sends they
     * queue behind) to be written. Idempotent.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        if (revoked != null) {
            flushBeforeClose();
        }
        closed = true;
        TransportException abandoned = new TransportException("abandoned: rank " + rank + "'s TCP transport was closed");
        for (Peer peer : peers) {
            peer.abandon(abandoned);
        }
        if (readiness != null) {
            try {
                readiness.close();
            } catch (IOException ignored) {
                // the channels are closed already
            }
        }
        activity.close();
    }

    private void flushBeforeClose() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_FLUSH_MILLIS);
        while (Arrays.stream(others).anyMatch(p -> p.hasQueuedFrames() && !p.isBroken())) {
            if (System.nanoTime() - deadline >= 0) {
                return;
            }
            progress();
            LockSupport.parkNanos(50_000);
        }
    }

    public synchronized boolean isClosed() {
        return closed;
    }

    @Override
    public String toString() {
        return "tcp rank " + rank + " of " + size + (closed ? " (closed)" : "");
    }

    private void requireUsable() {
        if (closed) {
            throw new IllegalStateException("rank " + rank + "'s TCP transport is closed");
        }
        if (revoked != null) {
            throw revoked;
        }
    }
}
