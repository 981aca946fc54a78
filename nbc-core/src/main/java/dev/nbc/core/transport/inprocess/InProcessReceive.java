package dev.nbc.core.transport.inprocess;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.RevokedException;
import dev.nbc.core.transport.TransportException;

import java.nio.ByteBuffer;

/**
 * A posted receive. It is matched (given its {@link Message}) by whichever side comes second, but
 * completes only in its own {@link #test()}: that is where the emulated arrival time is compared
 * with the clock and o_r is spent, on the thread that polls, as the network model prescribes.
 */
final class InProcessReceive extends Link.Waiting implements PendingOperation {
    private final InProcessTransport owner;
    final ByteBuffer buffer;
    final int offset;
    final int length;
    private final int source;
    private final int tag;
    /** Set by the matching send on its thread, or by receive() if the message was there first. */
    private volatile Message matched;
    private boolean done;
    private TransportException failure;

    InProcessReceive(InProcessTransport owner, ByteBuffer buffer, int offset, int length, int source, int tag) {
        this.owner = owner;
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        this.source = source;
        this.tag = tag;
    }

    @Override
    boolean isSend() {
        return false;
    }

    void match(Message message) {
        matched = message;
    }

    @Override
    public boolean test() {
        if (done) {
            return finished();
        }
        if (owner.isClosed()) {
            return fail("abandoned: rank " + owner.rank() + "'s in-process transport was closed");
        }
        Message message = matched;
        if ((message == null || !message.ready) && owner.computing()) {
            message = awaitSent();
        }
        if (message == null) {
            // A closed peer sends nothing more; a send it made before closing has matched us by now.
            if (owner.isPeerClosed(source) && (message = matched) == null) {
                return fail("rank " + source + " closed its in-process transport without sending it");
            }
            // Nor does a revoked world: whatever we wait for may never come.
            RevokedException revoked = owner.world().revocation();
            if (revoked != null && (message = matched) == null) {
                done = true;
                failure = revoked;
                throw revoked;
            }
            if (message == null) {
                owner.foundNothing();
                return false;
            }
        }
        if (!message.ready) {
            owner.foundNothing();
            return false;
        }
        long now = owner.clock();
        boolean fits = message.length <= length;
        byte[] staged = message.staged;
        if (fits && staged != null) {
            // Taken as soon as it is there, not at arrival, so the copy does not delay completion.
            buffer.put(offset, staged, 0, message.length);
            message.staged = null;
            owner.stagingBuffers().give(staged);
        }
        if (!owner.hasArrived(message, now)) {
            return false;
        }
        done = true;
        owner.received(message);
        if (!fits) {
            failure = new TransportException("message truncated: rank " + source + " sent " + message.length
                    + " bytes with tag " + tag + " to rank " + owner.rank() + ", whose matching receive has room for "
                    + length + " bytes");
        }
        owner.spendReceiveOverhead(message, now);
        return finished();
    }

    /**
     * On virtual time while the program computes ({@link InProcessTransport#compute}): the matched
     * message once its data is in place, waiting on the real clock for its sender to send it; null
     * if this rank or the peer closed, or the world was revoked, first (the checks after report it).
     */
    private Message awaitSent() {
        for (int spins = 0; ; spins++) {
            Message message = matched;
            if (message != null && message.ready) {
                return message;
            }
            if (message == null && (owner.isClosed() || owner.isPeerClosed(source) || owner.world().revocation() != null)) {
                return null;
            }
            if (spins < 200) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    /**
     * Withdraws this receive from its link if no send has taken it yet; it then completes at its
     * next test() having received nothing. A send that took it first still delivers, and test()
     * completes once the data is in place. Called by the thread that polls this receive.
     */
    @Override
    public void cancel() {
        if (!done && matched == null && owner.withdraw(source, tag, this)) {
            done = true;
        }
    }

    private boolean fail(String why) {
        done = true;
        failure = new TransportException("receive of up to " + length + " bytes from rank " + source + " with tag "
                + tag + " on rank " + owner.rank() + " " + why);
        return finished();
    }

    private boolean finished() {
        if (failure != null) {
            throw failure;
        }
        return true;
    }
}
