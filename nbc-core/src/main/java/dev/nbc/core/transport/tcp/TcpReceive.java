package dev.nbc.core.transport.tcp;

import java.nio.ByteBuffer;

/** A posted receive: waiting in its peer's list, then (once a header matched it) being filled. */
final class TcpReceive extends TcpOperation {
    final Peer peer;
    final ByteBuffer buffer;
    final int offset;
    final int length;
    final int tag;
    /** Neighbours in the peer's list of posted receives; both null once out of it. */
    TcpReceive previous;
    TcpReceive next;
    boolean posted;
    /** Bytes the matching message carried (at most {@link #length}), once complete. */
    int received;

    TcpReceive(TcpTransport transport, Peer peer, ByteBuffer buffer, int offset, int length, int tag) {
        super(transport);
        this.peer = peer;
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        this.tag = tag;
    }

    /** Withdraws the receive if no message has matched it yet: it then completes having written nothing. */
    @Override
    public void cancel() {
        synchronized (transport) {
            if (posted && !isDone()) {
                peer.unpost(this);
                complete();
            }
        }
    }
}
