package dev.nbc.core.transport.inprocess;

/**
 * On virtual time, how a receiver learns that no rank can still send it a message that comes
 * before a given time, so that it may book its serialised inbound side up to there
 * ({@link InboundQueue#book}): the conservative rule of parallel discrete-event simulation
 * (Chandy and Misra), each rank's lower bound read from its transport
 * ({@link InProcessTransport#earliestSendClock()}).
 *
 * <p>A rank's next message cannot ask for the inbound side before its clock plus o_s + L: a send
 * starts at the sender's clock and spends o_s before its first byte takes L. A rank that waits
 * for a message can send nothing before the earliest arrival among the messages matched with its
 * receives; with none, nothing until somebody sends to it, and that somebody is bound by the
 * same rule. A rank that waits to book a reception itself sends nothing before that reception's
 * time; one that has finished, closed, or waits outside the transport
 * ({@link InProcessTransport#waitOutside}) holds nothing back. Nor do the receiver and the
 * message's sender (whose next message comes after this one). What waits here spins on the real
 * clock until the others have moved far enough.
 *
 * <p>A rank whose thread stopped without saying so (blocked in a program's own barrier, idle in a
 * thread pool between tasks) would hold the booking back for ever: if the ranks holding it back
 * have not moved at all for {@link #QUIET_NANOS}, the booking goes ahead as if they had.
 */
final class SendHorizon {
    /** How long the ranks holding a booking back may stand still before it goes ahead regardless. */
    static final long QUIET_NANOS = 20_000_000;

    private final InProcessWorld world;
    private final int receiver;
    /** o_s + L: the least time from a rank's clock to its next message's first byte at a receiver. */
    private final long leastDelay;

    SendHorizon(InProcessWorld world, int receiver, long leastDelay) {
        this.world = world;
        this.receiver = receiver;
        this.leastDelay = leastDelay;
    }

    /** Returns once no rank but the receiver and {@code sender} can send a message that asks for the inbound side before {@code time}. */
    void awaitPast(long time, int sender, InboundQueue order) {
        InProcessTransport self = world.transport(receiver);
        self.booking(time);
        try {
            awaitOthers(time, sender, order);
        } finally {
            self.booking(Long.MIN_VALUE);
        }
    }

    private void awaitOthers(long time, int sender, InboundQueue order) {
        long lastState = 0;
        long stillSince = System.nanoTime();
        for (int spins = 0; ; spins++) {
            long state = 17;
            boolean past = true;
            for (int rank = 0; rank < world.size(); rank++) {
                if (rank == receiver || rank == sender) {
                    continue;
                }
                long earliest = world.transport(rank).earliestSendClock();
                // a message of the same time books after the sender's only if its sender comes later in the queue's order
                long slack = earliest - (time - leastDelay);
                if (slack > 0 || (slack == 0 && order.after(rank) > order.after(sender))) {
                    continue;
                }
                past = false;
                state = 31 * state + earliest;
            }
            if (past) {
                return;
            }
            long now = System.nanoTime();
            if (spins == 0 || state != lastState) {
                lastState = state;
                stillSince = now;
            } else if (now - stillSince > QUIET_NANOS) {
                return;
            }
            if (spins < 64) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }
}
