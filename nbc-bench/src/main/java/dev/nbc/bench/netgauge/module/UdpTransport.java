package dev.nbc.bench.netgauge.module;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.RevokedException;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.TransportArguments;
import dev.nbc.core.transport.TransportException;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One rank's UDP endpoint for Netgauge's {@code udp} module: one non-blocking DatagramChannel, one
 * datagram per message (header: tag, sequence number, length; then the data), polled by every
 * {@link PendingOperation#test()}. UDP may lose, and it is never hidden:
 * <ul>
 * <li>messages are numbered per (sender, receiver, tag); the k-th receive posted for a (peer, tag)
 *     takes message k;</li>
 * <li>when message k arrives, every earlier receive of the same (peer, tag) that is still waiting
 *     fails with {@link MessageLostException} (loopback does not reorder; a reordered datagram is
 *     counted as a loss, and dropped when it comes late);</li>
 * <li>a lost last message shows as nothing arriving: the {@link Endpoint}'s receive timeout
 *     reports it, and cancels the receive so that a late datagram is dropped, not written.</li>
 * </ul>
 * Not a transport for the library's collectives (they need reliable messages), which is why it
 * lives here and not in nbc-core. A datagram's largest payload is 65,507 bytes (IPv4) less the
 * header.
 */
final class UdpTransport implements Transport {
    static final int HEADER_BYTES = 12;
    static final int MAX_PAYLOAD = 65_507 - HEADER_BYTES;
    private static final int REVOKE_TAG = -1;

    private final int rank;
    private final List<InetSocketAddress> peers;
    private final DatagramChannel channel;
    private final ByteBuffer outgoing = ByteBuffer.allocateDirect(HEADER_BYTES + MAX_PAYLOAD).order(ByteOrder.BIG_ENDIAN);
    private final ByteBuffer incoming = ByteBuffer.allocateDirect(HEADER_BYTES + MAX_PAYLOAD).order(ByteOrder.BIG_ENDIAN);
    private final Map<InetSocketAddress, Integer> rankOf = new HashMap<>();
    private final Map<Long, Integer> sent = new HashMap<>();
    private final Map<Long, Stream> streams = new HashMap<>();
    private String revoked;
    private long lateDatagrams;

    /** The receiving side of one (peer, tag): receives by number, and datagrams that came before their receive. */
    private static final class Stream {
        int posted;
        int delivered;
        final ArrayDeque<Receive> waiting = new ArrayDeque<>();
        final TreeMap<Integer, byte[]> early = new TreeMap<>();
    }

    private final class Receive implements PendingOperation {
        final int number;
        final ByteBuffer buffer;
        final int offset;
        final int length;
        boolean done;
        boolean cancelled;
        RuntimeException failure;

        Receive(int number, ByteBuffer buffer, int offset, int length) {
            this.number = number;
            this.buffer = buffer;
            this.offset = offset;
            this.length = length;
        }

        @Override
        public boolean test() {
            if (!done) {
                poll();
            }
            if (failure != null) {
                throw failure;
            }
            return done;
        }

        @Override
        public void cancel() {
            if (!done) {
                cancelled = true;
                done = true;
            }
        }

        void deliver(ByteBuffer data, int bytes) {
            if (cancelled) {
                return;
            }
            if (bytes > length) {
                failure = new TransportException("udp: a " + bytes + "-byte message for a " + length + "-byte receive");
            } else {
                ByteBuffer target = buffer.duplicate();
                target.clear().position(offset);
                ByteBuffer source = data.duplicate();
                source.limit(source.position() + bytes);
                target.put(source);
            }
            done = true;
        }

        void fail(RuntimeException why) {
            if (!done) {
                failure = why;
                done = true;
            }
        }
    }

    private UdpTransport(int rank, List<InetSocketAddress> peers, DatagramChannel channel) {
        this.rank = rank;
        this.peers = List.copyOf(peers);
        this.channel = channel;
        for (int r = 0; r < peers.size(); r++) {
            rankOf.put(peers.get(r), r);
        }
    }

    /** A bound channel on {@code host}, ephemeral port: step one of opening, before the rendezvous. */
    static DatagramChannel bind(String host) throws IOException {
        DatagramChannel channel = DatagramChannel.open(StandardProtocolFamily.INET);
        channel.configureBlocking(false);
        channel.bind(new InetSocketAddress(host, 0));
        return channel;
    }

    /** Step two: the endpoint of {@code rank} on a channel from {@link #bind}, given every rank's address. */
    static UdpTransport open(int rank, DatagramChannel channel, List<InetSocketAddress> peers) {
        return new UdpTransport(rank, peers, channel);
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return peers.size();
    }

    @Override
    public int maxTag() {
        return Integer.MAX_VALUE;
    }

    @Override
    public String name() {
        return "udp";
    }

    private static long key(int peer, int tag) {
        return ((long) peer << 32) | (tag & 0xffffffffL);
    }

    @Override
    public PendingOperation send(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        TransportArguments.checkSend(this, buffer, offset, length, peer, tag);
        if (length > MAX_PAYLOAD) {
            throw new IllegalArgumentException("length: a UDP datagram carries at most " + MAX_PAYLOAD + " bytes of data, but was " + length);
        }
        checkRevoked();
        int number = sent.merge(key(peer, tag), 1, Integer::sum) - 1;
        outgoing.clear();
        outgoing.putInt(tag).putInt(number).putInt(length);
        ByteBuffer data = buffer.duplicate();
        data.clear().position(offset).limit(offset + length);
        outgoing.put(data).flip();
        transmit(peers.get(peer));
        return () -> true;
    }

    /** Sends the datagram in {@code outgoing}; a full socket buffer is waited out (the datagram must not be dropped here). */
    private void transmit(InetSocketAddress to) {
        try {
            while (channel.send(outgoing, to) == 0) {
                poll();
                Thread.onSpinWait();
            }
        } catch (IOException e) {
            throw new TransportException("udp: sending to " + to + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public PendingOperation receive(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        TransportArguments.checkReceive(this, buffer, offset, length, peer, tag);
        checkRevoked();
        Stream stream = streams.computeIfAbsent(key(peer, tag), k -> new Stream());
        Receive receive = new Receive(stream.posted++, buffer, offset, length);
        byte[] early = stream.early.remove(receive.number);
        if (early != null) {
            receive.deliver(ByteBuffer.wrap(early), early.length);
        } else if (!stream.early.isEmpty() && stream.early.firstKey() > receive.number) {
            receive.fail(lost(peer, tag, receive.number));
        } else {
            stream.waiting.add(receive);
        }
        return receive;
    }

    private MessageLostException lost(int peer, int tag, int number) {
        return new MessageLostException("udp: message " + number + " from rank " + peer + " (tag " + tag
                + ") was lost: a later one arrived first");
    }

    /** Takes every datagram the socket has, and hands each to its receive. */
    private void poll() {
        try {
            while (true) {
                incoming.clear();
                InetSocketAddress from = (InetSocketAddress) channel.receive(incoming);
                if (from == null) {
                    return;
                }
                incoming.flip();
                Integer peer = rankOf.get(from);
                if (peer == null || incoming.remaining() < HEADER_BYTES) {
                    continue; // not one of ours
                }
                int tag = incoming.getInt();
                int number = incoming.getInt();
                int length = incoming.getInt();
                if (tag == REVOKE_TAG) {
                    revokeHere("revoked by rank " + peer);
                    continue;
                }
                arrived(peer, tag, number, Math.min(length, incoming.remaining()));
            }
        } catch (IOException e) {
            throw new TransportException("udp: receiving failed: " + e.getMessage(), e);
        }
    }

    private void arrived(int peer, int tag, int number, int length) {
        Stream stream = streams.computeIfAbsent(key(peer, tag), k -> new Stream());
        if (number < stream.delivered) {
            lateDatagrams++;
            return;
        }
        while (!stream.waiting.isEmpty() && stream.waiting.peek().number < number) {
            Receive missed = stream.waiting.poll();
            missed.fail(lost(peer, tag, missed.number));
        }
        stream.delivered = number + 1;
        Receive receive = stream.waiting.peek();
        if (receive != null && receive.number == number) {
            stream.waiting.poll();
            receive.deliver(incoming, length);
        } else {
            byte[] copy = new byte[length];
            incoming.get(copy);
            stream.early.put(number, copy);
        }
    }

    /** Datagrams that came after their receive had failed as lost or timed out. */
    long lateDatagrams() {
        return lateDatagrams;
    }

    private void checkRevoked() {
        if (revoked != null) {
            throw new RevokedException(revoked);
        }
    }

    private void revokeHere(String reason) {
        if (revoked == null) {
            revoked = reason;
            RevokedException failure = new RevokedException(reason);
            streams.values().forEach(s -> s.waiting.forEach(r -> r.fail(failure)));
        }
    }

    /** Best effort, as everything on UDP: one revocation datagram to every peer. */
    @Override
    public void revoke(String reason) {
        for (int r = 0; r < peers.size(); r++) {
            if (r != rank) {
                outgoing.clear();
                outgoing.putInt(REVOKE_TAG).putInt(0).putInt(0).flip();
                transmit(peers.get(r));
            }
        }
        revokeHere(reason);
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing: nothing left to fail
        }
    }
}
