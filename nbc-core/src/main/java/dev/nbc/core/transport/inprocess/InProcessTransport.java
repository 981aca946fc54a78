package dev.nbc.core.transport.inprocess;

import dev.nbc.core.transport.PendingOperation;
import dev.nbc.core.transport.RevokedException;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.TransportArguments;

import java.nio.ByteBuffer;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One rank's endpoint in an {@link InProcessWorld}.
 *
 * <p>A send's data goes straight into the matching receive if that is already waiting; otherwise
 * it is copied aside, at once on the ideal network, or on the emulated one when the send completes
 * unless a receive posted meanwhile took it straight from the sender's buffer ({@link Message}). So
 * a send never depends on its receive to complete (as with MPI's eager protocol), and schedules
 * that post sends before receives cannot deadlock here where they would not under MPI. Matching state is kept per ordered pair of ranks
 * ({@link Link}), so ranks contend only with the rank they exchange data with.
 *
 * <p>On an emulated network (see {@link EmulatedNetwork} for the exact rules) the send spends o_s
 * and the receive completes no earlier than its arrival time; on the ideal network the clock is
 * never read and operations complete as soon as the data is in place.
 *
 * <p>{@link #revoke} makes every rank's pending receives and later operations fail: the world is
 * one communicator, and every rank is a thread of this JVM, so {@link #abort} revokes too.
 *
 * <p>{@link #close()} abandons what is pending: this rank's unfinished receives fail, and so do
 * other ranks' receives from this rank that no message can match any more — a failed rank then
 * makes its partners fail instead of hang.
 */
public final class InProcessTransport implements Transport {
    private static final PendingOperation COMPLETED = () -> true;

    private final InProcessWorld world;
    private final int rank;
    private final boolean emulated;
    private final EmulatedNetwork network;
    /** This rank's clock: the real one, or its virtual time ({@link InProcessWorld#onVirtualTime}). */
    private final EmulationClock clock;
    private final boolean virtualTime;
    private final long latency;
    private final long sendOverhead;
    private final long receiveOverhead;
    /** Processors and links that differ, or null. */
    private final Heterogeneity heterogeneity;
    private final long gap;
    /** The private copies of messages sent to this rank before it posted their receives. */
    private final StagingBuffers stagingBuffers = new StagingBuffers();
    /** Indexed by source; a link is created on first use, so sparse traffic in a large world stays small. */
    private final AtomicReferenceArray<Link> inbound;
    /** When this rank's NIC may start its next injection; touched only by the thread sending. */
    private long nicFree = Long.MIN_VALUE;
    private volatile boolean closed;
    /** This rank's serialised receptions (M2's gather, the receive gap). */
    private final InboundQueue inboundQueue;
    /** On virtual time: when this rank's inbound bookings may go ahead. */
    private final SendHorizon horizon;
    /** On virtual time: the last thing this rank did was find nothing to receive, or finish ({@link SendHorizon}). */
    private volatile boolean waiting;
    /** On virtual time: messages matched with this rank's receives that have not completed, earliest first; guarded by itself. */
    private final PriorityQueue<Message> unreceived = new PriorityQueue<>(Comparator.comparingLong(m -> m.earliestArrival));
    /** On virtual time: the rank's thread waits outside this transport ({@link #waitOutside}). */
    private volatile boolean outside;
    /** On virtual time: the time this rank waits to book a reception at, or Long.MIN_VALUE ({@link #earliestSendClock()}). */
    private volatile long booking = Long.MIN_VALUE;
    /** On virtual time: this rank's thread runs a computation of the program's ({@link #compute}). */
    private volatile boolean computing;

    InProcessTransport(InProcessWorld world, int rank, EmulationClock clock) {
        this.world = world;
        this.rank = rank;
        this.clock = clock;
        this.virtualTime = clock instanceof EmulationClock.VirtualClock;
        this.network = world.network();
        this.heterogeneity = world.heterogeneity();
        this.emulated = !network.isIdeal() || heterogeneity != null;
        this.latency = Math.round(network.L());
        this.sendOverhead = Math.round(network.oSend());
        this.receiveOverhead = Math.round(network.oReceive());
        this.gap = Math.round(network.g());
        this.inbound = new AtomicReferenceArray<>(world.size());
        this.inboundQueue = new InboundQueue(rank, world.size());
        this.horizon = new SendHorizon(world, rank, sendOverhead + latency);
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return world.size();
    }

    @Override
    public int maxTag() {
        return world.maxTag();
    }

    /** Every rank of an in-process world is a thread of this JVM. */
    @Override
    public int ranksInThisProcess() {
        return size();
    }

    /** Messages are staged at the send and arrive by the clock (or at once): polling only observes. */
    @Override
    public boolean transfersWithoutPolling() {
        return true;
    }

    @Override
    public String name() {
        return "in-process";
    }

    @Override
    public PendingOperation send(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        TransportArguments.checkSend(this, buffer, offset, length, peer, tag);
        requireUsable();
        acts();
        long posted = 0;
        long injected = 0;
        Message message;
        InProcessTransport destination = world.transport(peer);
        long sendCost = sendOverhead;
        if (emulated) {
            posted = clock.now();
            long link = 0;
            boolean onNic = false;
            boolean inTurn = false;
            long escalation = 0;
            if (heterogeneity != null) {
                sendCost += heterogeneity.cpuNanos(rank, length);
                link = heterogeneity.linkNanos(rank, peer, length);
                onNic = heterogeneity.serialised(length);
                inTurn = heterogeneity.receivedInTurn(length);
                escalation = heterogeneity.escalation(length);
            }
            long start = Math.max(posted + sendCost, nicFree);
            long injection = network.injectionNanos(length);
            long wireStart = start + injection + latency;
            // a reception the receiver takes one at a time: from when it may begin, for how long, and
            // when its wire time begins after the reception's begins
            boolean inboundInTurn;
            long bookFrom;
            long hold;
            long beginToWire;
            if (network.receiveGap()) {
                // LogGOPSim's receptions: one at a time at the receiver, from its first byte's arrival
                // (start + L) for (m-1)G and the link, then the larger of its gap and its CPU's o_r
                long receiverCpu = receiveOverhead + (heterogeneity == null ? 0 : heterogeneity.cpuNanos(peer, length));
                inboundInTurn = true;
                bookFrom = start + latency;
                hold = injection + link + Math.max(gap, receiverCpu);
                beginToWire = injection;
            } else {
                // above M2 the receiver's inbound link carries one message at a time
                inboundInTurn = inTurn;
                bookFrom = wireStart;
                hold = link;
                beginToWire = 0;
            }
            if (inboundInTurn && virtualTime && !onNic) {
                // booked by the receiver in the order of virtual time (InboundQueue)
                injected = start + injection;
                nicFree = injected + gap;
                message = new Message(rank, tag, length, 0);
                message.bookFrom = bookFrom;
                message.hold = hold;
                message.arrivalAfterBegin = beginToWire + link + escalation;
                message.earliestArrival = bookFrom + message.arrivalAfterBegin;
                destination.inboundQueue.defer(message);
            } else {
                long wireBegin = inboundInTurn ? destination.inboundQueue.take(bookFrom, hold) + beginToWire : wireStart;
                long wireEnd = wireBegin + link;
                // above S the transfer is a rendezvous: the NIC takes the next message once this one's
                // receiver has processed it (LMO's serialised scatter sums whole point-to-point times)
                injected = onNic ? wireEnd - latency : start + injection;
                nicFree = (onNic ? wireEnd - latency + heterogeneity.cpuNanos(peer, length) : start + injection) + gap;
                message = new Message(rank, tag, length, wireEnd + escalation);
                message.earliestArrival = message.arrival;
            }
            if (virtualTime) {
                // counted before it can match, so that a waiting receiver is never seen without it
                destination.expect(message);
            }
        } else {
            message = new Message(rank, tag, length, 0);
        }
        message.defer(buffer, offset);
        Link.Waiting partner = destination.linkFrom(rank).pair(tag, message);
        if (partner == null && virtualTime) {
            // not matched yet: it cannot wake the receiver until a receive is posted for it (receive())
            destination.forget(message);
        }
        if (partner != null) {
            InProcessReceive receive = (InProcessReceive) partner;
            receive.match(message);
            message.deliver(receive);
        }
        if (!emulated) {
            // complete at once: the data must be out of the sender's buffer now
            message.release(destination.stagingBuffers);
            return COMPLETED;
        }
        clock.spinUntil(posted + sendCost);
        return new EmulatedSend(message, injected, destination.stagingBuffers);
    }

    /**
     * A send on the emulated network: complete once its last byte is injected, and then its data
     * must be out of the sender's buffer ({@link Message#release}).
     */
    private final class EmulatedSend implements PendingOperation {
        private final Message message;
        private final long injectedAt;
        private final StagingBuffers buffers;
        private boolean done;

        EmulatedSend(Message message, long injectedAt, StagingBuffers buffers) {
            this.message = message;
            this.injectedAt = injectedAt;
            this.buffers = buffers;
        }

        @Override
        public boolean test() {
            if (done) {
                return true;
            }
            if (!reached(injectedAt, clock.now())) {
                return false;
            }
            message.release(buffers);
            done = true;
            return true;
        }
    }

    @Override
    public PendingOperation receive(ByteBuffer buffer, int offset, int length, int peer, int tag) {
        TransportArguments.checkReceive(this, buffer, offset, length, peer, tag);
        requireUsable();
        acts();
        InProcessReceive receive = new InProcessReceive(this, buffer, offset, length, peer, tag);
        Link.Waiting partner = linkFrom(peer).pair(tag, receive);
        if (partner != null) {
            Message message = (Message) partner;
            if (virtualTime) {
                expect(message);
            }
            receive.match(message);
            message.claimInto(receive);
        }
        return receive;
    }

    @Override
    public void revoke(String reason) {
        world.revoke(rank, reason);
    }

    /** Abandons pending operations; later sends and receives throw IllegalStateException. Idempotent. */
    @Override
    public void close() {
        closed = true;
    }

    public boolean isClosed() {
        return closed;
    }

    /** The world this endpoint belongs to. */
    public InProcessWorld world() {
        return world;
    }

    @Override
    public String toString() {
        return "in-process rank " + rank + " of " + world.size() + (closed ? " (closed)" : "");
    }

    private void requireUsable() {
        if (closed) {
            throw new IllegalStateException("rank " + rank + "'s in-process transport is closed");
        }
        RevokedException revoked = world.revocation();
        if (revoked != null) {
            throw revoked;
        }
    }

    private Link linkFrom(int source) {
        Link link = inbound.get(source);
        if (link == null) {
            Link created = new Link();
            link = inbound.compareAndExchange(source, null, created);
            if (link == null) {
                link = created;
            }
        }
        return link;
    }

    /** Takes a receive of this rank out of its link, if no send has paired with it yet; true if it was taken out. */
    boolean withdraw(int source, int tag, InProcessReceive receive) {
        return linkFrom(source).withdraw(tag, receive);
    }

    StagingBuffers stagingBuffers() {
        return stagingBuffers;
    }

    boolean isPeerClosed(int peer) {
        return world.transport(peer).closed;
    }

    /**
     * Now on this rank's clock, by which the emulated network keeps its times: the real clock,
     * or this rank's virtual time in a world {@link InProcessWorld#onVirtualTime on virtual time}.
     * Measurements of this transport's messages read this.
     */
    @Override
    public long nanoTime() {
        return clock.now();
    }

    /**
     * On virtual time, no message of this rank's can ask for a receiver's inbound side before this
     * plus o_s + L, except as the answer to a message sent to it later (whose sender is bound by
     * the same rule): its clock, or the later time it waits to book a reception at; and if the
     * last thing it did was find nothing to receive (or finish), the earliest arrival among the
     * messages matched with its receives and not yet received (none: it cannot send unprompted,
     * so Long.MAX_VALUE);
     * Long.MAX_VALUE too once closed, or while it {@link #waitOutside waits outside}. {@link SendHorizon} reads it.
     */
    long earliestSendClock() {
        if (closed || outside) {
            return Long.MAX_VALUE;
        }
        long bound = Math.max(clock.now(), booking);
        if (waiting) {
            synchronized (unreceived) {
                Message first = unreceived.peek();
                bound = Math.max(bound, first == null ? Long.MAX_VALUE : first.earliestArrival);
            }
        }
        return bound;
    }

    /** On virtual time, while this rank waits to book a reception at {@code time} (Long.MIN_VALUE: no longer), see {@link SendHorizon}. */
    void booking(long time) {
        booking = time;
    }

    /** On virtual time: {@code message} is matched with one of this rank's receives (or about to be). */
    private void expect(Message message) {
        synchronized (unreceived) {
            unreceived.add(message);
        }
    }

    private void forget(Message message) {
        synchronized (unreceived) {
            unreceived.remove(message);
        }
    }

    /**
     * Runs {@code wait}, in which this rank's thread waits for other ranks by means other than this
     * transport (a barrier of the program's own), and which must not return before one of them
     * has moved on. On virtual time this tells the receivers that book their inbound side meanwhile
     * that this rank sends nothing until then ({@link SendHorizon}); without it they would wait for
     * this rank's clock to move, and go ahead only after {@link SendHorizon#QUIET_NANOS} of stillness.
     */
    public void waitOutside(Runnable wait) {
        if (!virtualTime) {
            wait.run();
            return;
        }
        outside = true;
        try {
            wait.run();
        } finally {
            outside = false;
        }
    }

    /** On virtual time: this rank does something (sends, posts a receive, moves its clock), so it is not waiting. */
    private void acts() {
        if (virtualTime) {
            waiting = false;
        }
    }

    /** On virtual time: this rank found nothing to receive (a test that did not complete). */
    void foundNothing() {
        if (virtualTime) {
            waiting = true;
        }
    }

    /** On virtual time: this rank's body has finished; it sends nothing more unless it is run again. */
    void finished() {
        foundNothing();
    }

    /** On virtual time: this rank received {@code message} ({@link InProcessReceive#test()} completed with it). */
    void received(Message message) {
        if (virtualTime) {
            waiting = false;
            forget(message);
        }
    }

    /** Busy-waits until {@link #nanoTime()} reads {@code deadline}; on virtual time, moves there. */
    @Override
    public void spinUntil(long deadline) {
        acts();
        clock.spinUntil(deadline);
    }

    /** Now, for a receive's test(); 0 on the ideal network, which never looks at the clock. */
    long clock() {
        return emulated ? clock.now() : 0;
    }

    boolean hasArrived(Message message, long now) {
        if (!emulated) {
            return true;
        }
        if (!message.booked) {
            inboundQueue.book(message, horizon);
        }
        return reached(message.arrival, now);
    }

    /**
     * Whether {@code time} has come, {@code now} read from this rank's clock: while the program
     * computes ({@link #compute}) a comparison, otherwise the clock's own rule (on virtual time it
     * moves there: a test that is not computing waits).
     */
    private boolean reached(long time, long now) {
        return computing ? now - time >= 0 : clock.reached(time, now);
    }

    /**
     * Runs {@code computation}, in which this rank's thread computes and tests its operations in
     * between, as a program that overlaps communication with work does: it moves the clock itself
     * ({@link #spinUntil} by the time it computes) and tests (a request's test(), or an operation's).
     * On the real clock it just runs. On virtual time, while it runs:
     * <ul>
     * <li>a test compares the clock with the operation's completion instead of moving the clock
     *     there: the program goes on computing rather than wait;</li>
     * <li>a receive whose message has not been sent yet waits, in its test, on the real clock
     *     until the sender's thread has sent it: whether the message is there at this virtual time
     *     then depends on virtual times alone, not on how far the sender's thread has got.</li>
     * </ul>
     * So the computation costs the virtual time it spins, the o_s and o_r of the operations it
     * tests add to that on this rank's clock (one CPU does both), and the network's times pass
     * meanwhile; what a loop of start, compute, wait measures on it is the model's time of that
     * loop, however busy the machine is. For a thread that progresses its own collectives
     * (ProgressMode.MANUAL): a progress thread's tests would come at whatever virtual time the
     * computation had reached in real time. The wait for a sender ends early if the sender closed
     * or the world was revoked (the test then fails as it would). With a receive gap or
     * heterogeneity, a rank waiting here for a sender can hold back a booking of that sender's
     * until {@link SendHorizon}'s quiet rule lets it go.
     */
    public void compute(Runnable computation) {
        if (!virtualTime) {
            computation.run();
            return;
        }
        boolean outer = computing;
        computing = true;
        try {
            computation.run();
        } finally {
            computing = outer;
        }
    }

    /** On virtual time, while the program computes ({@link #compute}): a receive's test waits for its sender to send. */
    boolean computing() {
        return computing;
    }

    /**
     * Spends o_r on the polling thread, counted from when the completing test() was entered, or
     * from the arrival if that is later (only on virtual time, where the test waited for it).
     */
    void spendReceiveOverhead(Message message, long enteredAt) {
        if (emulated) {
            long cost = receiveOverhead + (heterogeneity == null ? 0 : heterogeneity.cpuNanos(rank, message.length));
            clock.spinUntil(Math.max(enteredAt, message.arrival) + cost);
        }
    }
}
