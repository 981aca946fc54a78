package dev.nbc.core.transport.mpi;

import dev.nbc.core.transport.RevokedException;
import dev.nbc.core.transport.TransportException;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The MPI transport's line for revocations ({@link MpiTransport#revoke}): a second duplicate of the
 * communicator, on which every rank keeps one receive from any source posted; a rank that revokes
 * sends its reason to every other rank there. Data operations that are still waiting look at it
 * at most every {@link #POLL_INTERVAL_NANOS}: each look is an {@code MPI_Test}, which runs the
 * MPI library's progress engine, and a waiting rank polls far more often than it needs to learn of a
 * revocation. Even the clock is read only at every {@link #CLOCK_SAMPLE}-th such call: a read costs
 * 30-40 ns on this project's VMs, a third of the test that found the operation still waiting, and
 * a rank that waits for a small message calls here at every one of those tests. Used under the
 * transport's lock.
 */
final class RevocationChannel {
    /** A notice: the revoking rank, the reason's length, the reason (UTF-8, cut to fit); small enough to go eagerly. */
    static final int NOTICE_BYTES = 1024;
    static final long POLL_INTERVAL_NANOS = 100_000;
    /** The clock is read (and the interval looked at) at every this-many-th {@link #poll()}; a power of two. */
    static final int CLOCK_SAMPLE = 16;
    private static final int TAG = 0;

    private final MpiComm comm;
    private final int rank;
    private final int size;
    private final ByteBuffer incoming = ByteBuffer.allocateDirect(NOTICE_BYTES);
    /** The posted receive of a notice; null once a notice arrived or the channel closed. */
    private MpiRequest receive;
    /** Notices this rank sent, and their buffers, kept until the channel closes. */
    private final List<MpiRequest> sends = new ArrayList<>();
    private final List<ByteBuffer> sent = new ArrayList<>();
    private RevokedException revoked;
    private long nextPoll;
    private int pollsSinceClock;

    private RevocationChannel(MpiComm comm, int rank, int size) throws MpiException {
        this.comm = comm;
        this.rank = rank;
        this.size = size;
        this.receive = comm.receive(incoming, 0, NOTICE_BYTES, MpiComm.ANY_SOURCE, TAG);
    }

    /** A channel on a duplicate of {@code parent} (collective over it, like the transport's own). */
    static RevocationChannel open(MpiComm parent, int rank, int size) throws MpiException {
        MpiComm dup = parent.dup();
        try {
            return new RevocationChannel(dup, rank, size);
        } catch (MpiException e) {
            dup.free();
            throw e;
        }
    }

    /** The revocation this rank knows of without asking MPI (its own, or one seen before), or null. */
    RevokedException revoked() {
        return revoked;
    }

    /**
     * The revocation, looking for a notice if the last look was long enough ago (asking the clock at
     * every {@link #CLOCK_SAMPLE}-th call, and at the first); null if none.
     */
    RevokedException poll() {
        if (revoked != null || receive == null || (pollsSinceClock++ & (CLOCK_SAMPLE - 1)) != 0) {
            return revoked;
        }
        long now = System.nanoTime();
        if (now - nextPoll >= 0) {
            nextPoll = now + POLL_INTERVAL_NANOS;
            try {
                if (receive.test()) {
                    receive = null;
                    int from = incoming.getInt(0);
                    byte[] reason = new byte[Math.max(0, Math.min(incoming.getInt(4), NOTICE_BYTES - 8))];
                    incoming.get(8, reason);
                    revoked = new RevokedException("rank " + from + " of " + size + " revoked the communicator: "
                            + new String(reason, StandardCharsets.UTF_8));
                }
            } catch (MpiException e) {
                receive = null;
                revoked = new RevokedException("the revocation channel failed, so a peer's failure may go unseen: "
                        + e.describe());
            }
        }
        return revoked;
    }

    /** Revokes: this rank's operations fail from now on, and every other rank is sent the reason. */
    void revoke(String reason) {
        if (revoked != null) {
            return;
        }
        revoked = new RevokedException("rank " + rank + " of " + size + " revoked the communicator: " + reason);
        byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        int length = Math.min(text.length, NOTICE_BYTES - 8);
        ByteBuffer notice = ByteBuffer.allocateDirect(8 + length);
        notice.putInt(0, rank).putInt(4, length).put(8, text, 0, length);
        for (int peer = 0; peer < size; peer++) {
            if (peer != rank) {
                try {
                    sends.add(comm.send(notice, 0, notice.capacity(), peer, TAG));
                } catch (MpiException e) {
                    throw new TransportException("could not tell rank " + peer + " of the revocation: " + e.describe(), e);
                }
            }
        }
        sent.add(notice);
    }

    /** Withdraws the posted receive, lets the notices sent go, and frees the duplicate. */
    void close() throws MpiException {
        if (receive != null) {
            receive.cancel();
            receive.free();
            receive = null;
        }
        for (MpiRequest send : sends) {
            // A notice is small enough to go eagerly: complete, or freed and delivered by MPI later,
            // its buffer kept referenced for the life of the process as the transport's are.
            if (!send.test()) {
                send.free();
                MpiTransport.ABANDONED.addAll(sent);
            }
        }
        sends.clear();
        comm.free();
    }
}
