package dev.nbc.core.transport.tcp;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.RevokedException;
import dev.nbc.core.transport.TransportException;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * One peer of a {@link TcpTransport}: the matching state of messages from it (posted receives and
 * unexpected messages, each in arrival order, so that messages of one tag are non-overtaking) and,
 * unless the peer is this rank itself, the connection to it, with its send queue and its reader.
 *
 * <p>Writing: a send whose connection has nothing queued is written at once, header and payload in
 * one gathering write; what the socket does not take waits in the queue, and each progress pass
 * writes up to {@value #BATCH} queued frames per gathering write. Reading: the connection is read
 * into a {@value #READ_AHEAD}-byte read-ahead buffer, so that one read takes several small
 * messages (and the header of the next); a payload's bytes found there are copied to their
 * target, and once the read-ahead is empty the rest of a payload of at least
 * {@value #DIRECT_READ_MIN} bytes is read straight into its target: the posted receive's own
 * buffer, or an unexpected message's pooled buffer. Used under the transport's lock.
 */
final class Peer {
    /** Queued frames written by one gathering write. */
    static final int BATCH = 8;
    static final int READ_AHEAD = 4096;
    static final int DIRECT_READ_MIN = 1024;
    /** Bytes read from one connection per pass at most, so that a long message does not starve the others' writes. */
    static final long READ_BUDGET = 1 << 20;

    final TcpTransport transport;
    final int rank;
    /** Null for the transport's own rank (self-sends are copied). */
    final SocketChannel channel;
    private final String address;
    /** Set once the connection failed; from then on nothing more comes from this peer. */
    private TransportException broken;

    private TcpReceive postedHead;
    private TcpReceive postedTail;
    private Unexpected unexpectedHead;
    private Unexpected unexpectedTail;

    private TcpSend sendHead;
    private TcpSend sendTail;
    private final ByteBuffer[] headers = new ByteBuffer[BATCH];
    /** Per batch slot, a view of the payload's buffer, kept while the same buffer comes again. */
    private final ByteBuffer[] views = new ByteBuffer[BATCH];
    private final ByteBuffer[] viewOwners = new ByteBuffer[BATCH];
    private final ByteBuffer[] gather = new ByteBuffer[2 * BATCH];

    private final ByteBuffer readAhead;
    private boolean inPayload;
    private int inTag;
    private int inLength;
    private int inRemaining;
    /** Where the current payload goes: the receive's, the unexpected message's or the control frame's buffer; null discards. */
    private ByteBuffer target;
    private int targetOffset;
    private TcpReceive inReceive;
    private Unexpected inUnexpected;
    private ByteBuffer inControl;
    private ByteBuffer inView;
    private ByteBuffer inViewOwner;

    /** The rate at which this peer's long payloads have been arriving. */
    private final LearnedRate arrivalRate = new LearnedRate();
    /** When a read last drained this connection in the middle of a long payload (0: it did not). */
    private long drainedAt;
    /** Until when a progress thread need not look at this connection ({@link #pace}). */
    private long paceUntil;
    /** The rate at which this connection's full socket has been draining. */
    private final LearnedRate drainRate = new LearnedRate();
    /** Since when the socket has been full, as far as the drain rate's sample goes (0: the last flush emptied the queue). */
    private long fullAt;
    /** Bytes a full socket has taken since {@link #fullAt}: what drained meanwhile. */
    private long drainedSinceFull;
    /** Until when a progress thread need not try to write the queued frames ({@link #paceWrites}). */
    private long writePaceUntil;

    Peer(TcpTransport transport, int rank, SocketChannel channel) {
        this.transport = transport;
        this.rank = rank;
        this.channel = channel;
        this.address = channel == null ? "" : " at " + remoteAddress(channel);
        if (channel != null) {
            ByteBuffer headerArea = ByteBuffer.allocateDirect(BATCH * Frames.HEADER_BYTES);
            for (int i = 0; i < BATCH; i++) {
                headers[i] = headerArea.slice(i * Frames.HEADER_BYTES, Frames.HEADER_BYTES);
            }
            readAhead = ByteBuffer.allocateDirect(READ_AHEAD).flip();
        } else {
            readAhead = null;
        }
    }

    boolean isSelf() {
        return channel == null;
    }

    boolean isBroken() {
        return broken != null;
    }

    boolean hasQueuedFrames() {
        return sendHead != null;
    }

    // ---- sending ----------------------------------------------------------------------------

    PendingOperation send(ByteBuffer buffer, int offset, int length, int tag) {
        if (channel == null) {
            return sendToSelf(buffer, offset, length, tag);
        }
        if (broken != null) {
            return failed(new TransportException(what("send", length, tag) + " failed: " + broken.getMessage(), broken));
        }
        if (sendHead != null) {
            TcpSend send = new TcpSend(transport, buffer, offset, length, tag);
            enqueue(send);
            return send;
        }
        // nothing queued: straight onto the wire, header and payload in one write
        ByteBuffer header = headers[0];
        header.putInt(0, tag).putInt(4, length).position(0);
        long written;
        try {
            if (length == 0) {
                written = channel.write(header);
            } else {
                gather[0] = header;
                gather[1] = payloadView(0, buffer, offset + length, offset);
                written = channel.write(gather, 0, 2);
            }
        } catch (IOException e) {
            fail("could not be written to", e);
            return failed(new TransportException(what("send", length, tag) + " failed: " + broken.getMessage(), broken));
        }
        if (written == Frames.HEADER_BYTES + (long) length) {
            return TcpTransport.COMPLETED;
        }
        TcpSend send = new TcpSend(transport, buffer, offset, length, tag);
        send.account(written);
        enqueue(send);
        paceWrites(written);
        return send;
    }

    private PendingOperation sendToSelf(ByteBuffer buffer, int offset, int length, int tag) {
        TcpReceive receive = takePosted(tag);
        if (receive != null) {
            if (length > receive.length) {
                receive.fail(truncated(receive, length));
            } else {
                receive.buffer.put(receive.offset, buffer, offset, length);
                receive.received = length;
                receive.complete();
            }
            return TcpTransport.COMPLETED;
        }
        Unexpected message = new Unexpected(tag, length, transport.pool.take(length));
        message.data.put(0, buffer, offset, length);
        message.arrived = length;
        append(message);
        return TcpTransport.COMPLETED;
    }

    /** Queues a frame of the transport's own (a revocation notice). */
    void sendInternal(ByteBuffer payload, int tag) {
        if (channel != null && broken == null) {
            enqueue(new TcpSend(transport, payload, 0, payload.capacity(), tag));
        }
    }

    private void enqueue(TcpSend send) {
        if (sendTail == null) {
            sendHead = send;
        } else {
            sendTail.next = send;
        }
        sendTail = send;
    }

    /** Writes queued frames until the queue is empty or the socket is full. */
    void flush() throws IOException {
        while (sendHead != null) {
            int frames = 0;
            int count = 0;
            long wanted = 0;
            for (TcpSend s = sendHead; s != null && frames < BATCH; s = s.next, frames++) {
                ByteBuffer header = headers[frames];
                header.putInt(0, s.tag).putInt(4, s.length).position(s.headerSent);
                gather[count++] = header;
                wanted += Frames.HEADER_BYTES - s.headerSent;
                if (s.length > 0) {
                    gather[count++] = payloadView(frames, s.buffer, s.offset + s.length, s.offset + s.payloadSent);
                    wanted += s.length - s.payloadSent;
                }
            }
            long written = channel.write(gather, 0, count);
            long left = written;
            while (left > 0) {
                TcpSend s = sendHead;
                left -= s.account(left);
                if (!s.written()) {
                    break;
                }
                dequeueHead();
                s.complete();
            }
            if (written < wanted) {
                paceWrites(written);
                return;
            }
        }
        fullAt = 0;
        writePaceUntil = 0;
    }

    private void dequeueHead() {
        TcpSend s = sendHead;
        sendHead = s.next;
        s.next = null;
        if (sendHead == null) {
            sendTail = null;
        }
    }

    /** A view of {@code buffer} from {@code position} to {@code limit}, reusing the slot's view if it is of the same buffer. */
    private ByteBuffer payloadView(int slot, ByteBuffer buffer, int limit, int position) {
        ByteBuffer view = views[slot];
        if (viewOwners[slot] != buffer) {
            view = buffer.duplicate();
            views[slot] = view;
            viewOwners[slot] = buffer;
        }
        view.limit(limit).position(position);
        return view;
    }

    // ---- receiving --------------------------------------------------------------------------

    PendingOperation receive(ByteBuffer buffer, int offset, int length, int tag) {
        Unexpected message = takeUnexpected(tag);
        if (message != null) {
            return claim(message, buffer, offset, length, tag);
        }
        TcpReceive receive = new TcpReceive(transport, this, buffer, offset, length, tag);
        if (broken != null) {
            receive.fail(new TransportException(what("receive", length, tag) + " failed: " + broken.getMessage(), broken));
            return receive;
        }
        post(receive);
        return receive;
    }

    /** A receive posted for a message that arrived (or is arriving) before it. */
    private PendingOperation claim(Unexpected message, ByteBuffer buffer, int offset, int length, int tag) {
        TcpReceive receive = new TcpReceive(transport, this, buffer, offset, length, tag);
        boolean arriving = message == inUnexpected;
        if (message.length > length) {
            if (arriving) {
                target = null; // the rest of it is dropped as it comes
                inUnexpected = null;
            }
            release(message);
            receive.fail(truncated(receive, message.length));
            return receive;
        }
        int arrived = arriving ? inLength - inRemaining : message.arrived;
        buffer.put(offset, message.data, 0, arrived);
        if (!arriving) {
            release(message);
            return TcpTransport.COMPLETED;
        }
        // the rest goes straight into the receive's buffer
        release(message);
        inUnexpected = null;
        inReceive = receive;
        target = buffer;
        targetOffset = offset;
        return receive;
    }

    private void release(Unexpected message) {
        if (message.data != null) {
            transport.pool.give(message.data);
            message.data = null;
        }
    }

    private void post(TcpReceive receive) {
        receive.posted = true;
        receive.previous = postedTail;
        if (postedTail == null) {
            postedHead = receive;
        } else {
            postedTail.next = receive;
        }
        postedTail = receive;
    }

    void unpost(TcpReceive receive) {
        if (receive.previous == null) {
            postedHead = receive.next;
        } else {
            receive.previous.next = receive.next;
        }
        if (receive.next == null) {
            postedTail = receive.previous;
        } else {
            receive.next.previous = receive.previous;
        }
        receive.previous = null;
        receive.next = null;
        receive.posted = false;
    }

    /** The first posted receive of {@code tag}, taken out of the list; null if none. */
    private TcpReceive takePosted(int tag) {
        for (TcpReceive r = postedHead; r != null; r = r.next) {
            if (r.tag == tag) {
                unpost(r);
                return r;
            }
        }
        return null;
    }

    private void append(Unexpected message) {
        message.previous = unexpectedTail;
        if (unexpectedTail == null) {
            unexpectedHead = message;
        } else {
            unexpectedTail.next = message;
        }
        unexpectedTail = message;
    }

    /** The first unexpected message of {@code tag}, taken out of the list; null if none. */
    private Unexpected takeUnexpected(int tag) {
        for (Unexpected u = unexpectedHead; u != null; u = u.next) {
            if (u.tag == tag) {
                remove(u);
                return u;
            }
        }
        return null;
    }

    private void remove(Unexpected u) {
        if (u.previous == null) {
            unexpectedHead = u.next;
        } else {
            u.previous.next = u.next;
        }
        if (u.next == null) {
            unexpectedTail = u.previous;
        } else {
            u.next.previous = u.previous;
        }
        u.previous = null;
        u.next = null;
    }

    /**
     * Reads what the connection has, up to {@link #READ_BUDGET} bytes, and hands every complete
     * message to its receive (or keeps it as unexpected).
     *
     * @return the bytes read (at least {@link #READ_BUDGET} if the budget ran out before the connection was drained)
     * @throws IOException if the connection failed, was closed by the peer or broke the protocol
     */
    long pump() throws IOException {
        long budget = READ_BUDGET;
        while (true) {
            if (!inPayload) {
                if (readAhead.remaining() < Frames.HEADER_BYTES) {
                    if (budget <= 0) {
                        return READ_BUDGET - budget;
                    }
                    int read = fill();
                    if (read == 0) {
                        return READ_BUDGET - budget;
                    }
                    budget -= read;
                    continue;
                }
                begin(readAhead.getInt(), readAhead.getInt());
                continue;
            }
            int available = Math.min(inRemaining, readAhead.remaining());
            if (available > 0) {
                if (target != null) {
                    target.put(targetOffset + inLength - inRemaining, readAhead, readAhead.position(), available);
                }
                readAhead.position(readAhead.position() + available);
                inRemaining -= available;
            }
            if (inRemaining == 0) {
                finish();
                continue;
            }
            if (budget <= 0) {
                return READ_BUDGET - budget;
            }
            int read;
            if (inRemaining >= DIRECT_READ_MIN) {
                ByteBuffer into = target == null ? transport.discard.clear() : inView(target);
                int at = target == null ? 0 : targetOffset + inLength - inRemaining;
                into.limit(at + Math.min(inRemaining, into.capacity() - at)).position(at);
                read = channel.read(into);
                if (read < 0) {
                    throw new PeerClosedException();
                }
                inRemaining -= read;
                if (inRemaining == 0) {
                    finish();
                }
            } else {
                read = fill();
            }
            if (read == 0) {
                return READ_BUDGET - budget;
            }
            budget -= read;
        }
    }

    private ByteBuffer inView(ByteBuffer buffer) {
        if (inViewOwner != buffer) {
            inView = buffer.duplicate();
            inViewOwner = buffer;
        }
        return inView;
    }

    /** Reads into the read-ahead buffer behind what it still holds; returns the bytes read. */
    private int fill() throws IOException {
        readAhead.compact();
        int read;
        try {
            read = channel.read(readAhead);
        } finally {
            readAhead.flip();
        }
        if (read < 0) {
            throw new PeerClosedException();
        }
        return read;
    }

    /** A header has arrived: finds where its payload goes. */
    private void begin(int tag, int length) throws IOException {
        if (length < 0) {
            throw new IOException("protocol error: a frame header announced " + length + " bytes");
        }
        inPayload = true;
        inTag = tag;
        inLength = length;
        inRemaining = length;
        target = null;
        targetOffset = 0;
        if (tag < 0) {
            if (tag != Frames.REVOKE || length > Frames.MAX_REASON_BYTES) {
                throw new IOException("protocol error: a control frame of tag " + tag + " and " + length + " bytes");
            }
            inControl = ByteBuffer.allocate(length);
            target = inControl;
        } else if (transport.revocation() != null) {
            target = null; // every receive fails now: nothing to keep
        } else {
            TcpReceive receive = takePosted(tag);
            if (receive != null) {
                if (length > receive.length) {
                    receive.fail(truncated(receive, length));
                } else {
                    inReceive = receive;
                    target = receive.buffer;
                    targetOffset = receive.offset;
                }
            } else {
                Unexpected message = new Unexpected(tag, length, transport.pool.take(length));
                append(message);
                inUnexpected = message;
                target = message.data;
            }
        }
        if (length == 0) {
            finish();
        }
    }

    /** The current message's payload is complete. */
    private void finish() {
        inPayload = false;
        if (inReceive != null) {
            inReceive.received = inLength;
            inReceive.complete();
            inReceive = null;
        } else if (inUnexpected != null) {
            inUnexpected.arrived = inLength;
            inUnexpected = null;
        } else if (inControl != null) {
            String reason = new String(inControl.array(), 0, inLength, StandardCharsets.UTF_8);
            inControl = null;
            transport.revokedBy(rank, reason);
        }
        target = null;
    }

    // ---- pacing a progress thread's looks -------------------------------------------------------

    /** A payload with at least this many bytes still to come is read at a pace, not at every segment. */
    static final int PACED_MIN_BYTES = 64 * 1024;
    /** A paced look comes when this much more should have arrived: a quarter of the socket buffer, so it never fills. */
    static final int PACED_CHUNK_BYTES = Mesh.SOCKET_BUFFER_BYTES / 4;
    /** The first look after a long payload began, before its peer's rate is known. */
    static final long FIRST_PACE_NANOS = 200_000;
    /** Rate samples over a shorter interval are left out: a few segments more or less would dominate them. */
    static final long MIN_SAMPLE_NANOS = 50_000;
    /** The longest paced interval: a rate measured while the sender was held up must not put the reader to sleep for long. */
    static final long MAX_PACE_NANOS = 20_000_000;

    /**
     * After a pump that read {@code read} bytes: while a long payload is arriving, sets when a
     * progress thread should look again, the time the next {@link #PACED_CHUNK_BYTES} (or the rest,
     * if less) take at the rate learned from the reads that drained this connection. The rate is
     * this peer's, kept across messages: it is the link's, not a schedule's. The clock is read only
     * then: every test of every operation pumps every connection.
     */
    void pace(long read) {
        if (!inPayload || inRemaining < PACED_MIN_BYTES) {
            drainedAt = 0;
            paceUntil = 0;
            return;
        }
        long now = System.nanoTime();
        boolean drained = read < READ_BUDGET;
        long interval = now - drainedAt;
        if (drained && drainedAt != 0 && interval >= MIN_SAMPLE_NANOS && read > 0) {
            arrivalRate.sample(read, interval);
        }
        drainedAt = drained ? now : 0;
        paceUntil = drained ? now + arrivalRate.paceNanos(inRemaining) : now;
    }

    /** Until when a progress thread need not look at this connection (a long payload arriving at a known pace); 0 if it should now. */
    long paceUntil() {
        return paceUntil;
    }

    /**
     * After a write that left frames queued (the socket is full, having taken {@code written}
     * bytes): sets when a progress thread should try again, the time the head frame's rest (at
     * most {@link #PACED_CHUNK_BYTES}) takes to drain at the rate learned from the writes that
     * found this socket full. The kernel reports a full socket writable only once a third of its
     * buffer has drained (2.7 MB, 22 ms at 1 Gbit/s), later than the longest activity wait: a
     * broadcast root that ran ahead of its leaf by a socket buffer then stalled 10 ms at 1 % of the
     * iterations of a back-to-back loop (64 KiB across namespace hosts, against 0.53 ms).
     */
    private void paceWrites(long written) {
        long now = System.nanoTime();
        if (fullAt == 0) {
            // the socket has just filled: what it took was room, not drain
            fullAt = now;
            drainedSinceFull = 0;
        } else {
            // what a full socket takes has drained since it was last full; samples over short intervals add up
            drainedSinceFull += written;
            long interval = now - fullAt;
            if (interval >= MIN_SAMPLE_NANOS && drainedSinceFull > 0) {
                drainRate.sample(drainedSinceFull, interval);
                fullAt = now;
                drainedSinceFull = 0;
            }
        }
        TcpSend head = sendHead;
        long rest = Frames.HEADER_BYTES - head.headerSent + (long) head.length - head.payloadSent;
        writePaceUntil = now + drainRate.paceNanos(rest);
    }

    /** While frames are queued behind a full socket: when a progress thread should try to write again (0 otherwise). */
    long writePaceUntil() {
        return writePaceUntil;
    }

    // ---- failures ---------------------------------------------------------------------------

    /**
     * The connection failed: every operation waiting on it fails naming this peer, and later ones
     * fail at once; messages that arrived complete can still be received.
     */
    void fail(String what, IOException cause) {
        if (broken != null) {
            return;
        }
        String why;
        if (cause instanceof PeerClosedException) {
            why = inPayload ? "was closed by the peer in the middle of a message (" + (inLength - inRemaining) + " of "
                    + inLength + " bytes of tag " + inTag + " had arrived)" : "was closed by the peer";
        } else {
            why = what + ": " + cause;
        }
        broken = new TransportException("the TCP connection from rank " + transport.rank() + " to rank " + rank + address
                + " " + why, cause instanceof PeerClosedException ? null : cause);
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing is all that is left to do with it
        }
        if (inReceive != null) {
            inReceive.fail(new TransportException(what("receive", inReceive.length, inReceive.tag) + " failed: "
                    + broken.getMessage(), broken));
            inReceive = null;
        }
        if (inUnexpected != null) {
            remove(inUnexpected);
            release(inUnexpected);
            inUnexpected = null;
        }
        inPayload = false;
        target = null;
        for (TcpReceive r = postedHead; r != null; r = postedHead) {
            unpost(r);
            r.fail(new TransportException(what("receive", r.length, r.tag) + " failed: " + broken.getMessage(), broken));
        }
        for (TcpSend s = sendHead; s != null; s = sendHead) {
            dequeueHead();
            s.fail(new TransportException(what("send", s.length, s.tag) + " failed: " + broken.getMessage(), broken));
        }
    }

    /**
     * The group is revoked: every waiting operation fails with {@code revoked}, messages kept or
     * arriving are dropped, and queued sends are dropped, except one that is partly on the wire,
     * whose rest is copied and sent so that the stream stays whole for the notice behind it.
     */
    void revoke(RevokedException revoked) {
        for (TcpReceive r = postedHead; r != null; r = postedHead) {
            unpost(r);
            r.fail(revoked);
        }
        if (inReceive != null) {
            inReceive.fail(revoked);
            inReceive = null;
            target = null;
        }
        if (inUnexpected != null) {
            inUnexpected = null;
            target = null;
        }
        for (Unexpected u = unexpectedHead; u != null; u = unexpectedHead) {
            remove(u);
            release(u);
        }
        TcpSend partial = sendHead != null && sendHead.startedOnWire() ? sendHead : null;
        for (TcpSend s = sendHead; s != null; s = sendHead) {
            dequeueHead();
            s.fail(revoked);
        }
        if (partial != null) {
            int rest = partial.length - partial.payloadSent;
            ByteBuffer copy = ByteBuffer.allocateDirect(rest);
            copy.put(0, partial.buffer, partial.offset + partial.payloadSent, rest);
            TcpSend remainder = new TcpSend(transport, copy, -partial.payloadSent, partial.length, partial.tag);
            remainder.headerSent = partial.headerSent;
            remainder.payloadSent = partial.payloadSent;
            enqueue(remainder);
        }
    }

    /** The transport is closing: whatever is still waiting fails with {@code why}. */
    void abandon(TransportException why) {
        if (inReceive != null) {
            inReceive.fail(why);
            inReceive = null;
        }
        for (TcpReceive r = postedHead; r != null; r = postedHead) {
            unpost(r);
            r.fail(why);
        }
        for (TcpSend s = sendHead; s != null; s = sendHead) {
            dequeueHead();
            s.fail(why);
        }
        for (Unexpected u = unexpectedHead; u != null; u = unexpectedHead) {
            remove(u);
        }
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing more to do with it
            }
        }
    }

    private TransportException truncated(TcpReceive receive, int messageLength) {
        return new TransportException("message truncated: rank " + rank + " sent " + messageLength + " bytes with tag "
                + receive.tag + " to rank " + transport.rank() + ", whose matching receive has room for " + receive.length
                + " bytes");
    }

    private String what(String kind, int length, int tag) {
        return "TCP " + kind + " of " + length + " bytes " + (kind.equals("send") ? "to" : "from") + " rank " + rank
                + " with tag " + tag + " on rank " + transport.rank();
    }

    private static PendingOperation failed(TransportException failure) {
        return () -> {
            throw failure;
        };
    }

    private static String remoteAddress(SocketChannel channel) {
        try {
            SocketAddress remote = channel.getRemoteAddress();
            return String.valueOf(remote);
        } catch (IOException e) {
            return "(address unknown)";
        }
    }

    /** The peer closed its end (end of stream). */
    static final class PeerClosedException extends IOException {
        PeerClosedException() {
            super("end of stream");
        }
    }
}
