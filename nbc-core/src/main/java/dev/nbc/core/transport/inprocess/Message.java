package dev.nbc.core.transport.inprocess;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * A message in flight. Its data goes straight into the receive that was already waiting for it;
 * otherwise it stays in the sender's buffer until whichever comes first takes it:
 * <ul>
 * <li>a receive posted for it, which copies it straight into its own buffer ({@link #claimInto});</li>
 * <li>the send's completion ({@link #release}), which copies it aside into a private copy that the
 *     receive takes later: the sender's buffer is the sender's again once its send has completed,
 *     as MPI promises, so a send can still complete without its receive.</li>
 * </ul>
 * On the ideal network a send completes when it returns, so the data is copied aside then (unless
 * a receive took it since the message was linked). On the emulated network a send completes when
 * its last byte is injected, (m-1)G after its start, and the receive is nearly always posted by
 * then: the copy aside and the copy out of it, two passes over the data that a NIC would not ask
 * of the CPU, became one (for a 256 KiB allreduce at P = 2 they were a third of the CPU
 * the collective cost).
 *
 * <p>The message is linked for matching before its data is copied (so that the copy happens
 * outside the pair's monitor); {@link #ready} tells the receiver when the copy is done. The sender's
 * buffer and offset are set before the message is linked, so a receive that matches it sees them.
 */
final class Message extends Link.Waiting {
    final int source;
    final int tag;
    final int length;
    /**
     * When the receive may complete (on the rank's {@link EmulationClock}); unused on the ideal
     * network. Set at the send, or, for a reception booked on the receiver's serialised inbound
     * side on virtual time, when the receiver books it ({@link InboundQueue}).
     */
    volatile long arrival;
    /** For a booking left to the receiver ({@link InboundQueue}): from when it asks for the inbound side. */
    long bookFrom;
    /** For a booking left to the receiver: how long it holds the inbound side. */
    long hold;
    /** For a booking left to the receiver: its arrival, counted from when its booking begins. */
    long arrivalAfterBegin;
    /** On virtual time, a bound its arrival cannot precede (the arrival itself once booked at the send); see {@link SendHorizon}. */
    long earliestArrival;
    /** False while the arrival waits for the receiver's booking ({@link InboundQueue}). */
    volatile boolean booked = true;
    /**
     * The private copy (its first {@code length} bytes; it may be longer, see {@link StagingBuffers}),
     * or null if the data went straight into the receive (or has been taken).
     */
    byte[] staged;
    /** Written after the data is in place; read first by the receiver, which publishes the data. */
    volatile boolean ready;
    /** The sender's data while nobody has taken it ({@link #defer}); dropped once taken. */
    private ByteBuffer sendBuffer;
    private int sendOffset;
    /** 1 once a receive or the sender has taken the data ({@link #take}: whoever sets it copies); set through {@link #TAKEN}. */
    @SuppressWarnings("unused")
    private volatile int taken;
    private static final VarHandle TAKEN;

    static {
        try {
            TAKEN = MethodHandles.lookup().findVarHandle(Message.class, "taken", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Message(int source, int tag, int length, long arrival) {
        this.source = source;
        this.tag = tag;
        this.length = length;
        this.arrival = arrival;
    }

    @Override
    boolean isSend() {
        return true;
    }

    /**
     * Leaves the data in the sender's buffer for now; called before the message is linked, as a
     * receive may take it from the moment it is.
     */
    void defer(ByteBuffer buffer, int offset) {
        sendBuffer = buffer;
        sendOffset = offset;
    }

    /**
     * Copies the data into the receive that was waiting when the message came, unless it does not
     * fit (it fails then). Nobody else can take the data: the message was never linked.
     */
    void deliver(InProcessReceive receive) {
        copyInto(take(), receive);
    }

    /**
     * A receive matched this message after it was linked: if nobody has taken the data yet, copies
     * it from the sender's buffer straight into the receive's (the sender's send cannot complete
     * meanwhile, see {@link #release}).
     */
    void claimInto(InProcessReceive receive) {
        ByteBuffer data = take();
        if (data != null) {
            copyInto(data, receive);
        }
    }

    /**
     * The send completes: from here on the sender may reuse its buffer. If no receive has taken
     * the data, copies it aside into one of the receiver's {@code buffers}; if a receive is copying
     * it, waits for that copy to end.
     */
    void release(StagingBuffers buffers) {
        ByteBuffer data = take();
        if (data != null) {
            byte[] copy = buffers.take(length);
            data.get(sendOffset, copy, 0, length);
            staged = copy;
            ready = true;
            return;
        }
        while (!ready) {
            Thread.onSpinWait();
        }
    }

    /** The sender's buffer for the one caller that takes the data (it copies it), null for every later one. */
    private ByteBuffer take() {
        if (!TAKEN.compareAndSet(this, 0, 1)) {
            return null;
        }
        ByteBuffer data = sendBuffer;
        sendBuffer = null;
        return data;
    }

    private void copyInto(ByteBuffer data, InProcessReceive receive) {
        if (length <= receive.length) {
            receive.buffer.put(receive.offset, data, sendOffset, length);
        }
        ready = true;
    }
}
