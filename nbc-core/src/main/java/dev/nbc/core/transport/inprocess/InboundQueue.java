package dev.nbc.core.transport.inprocess;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * One rank's serialised inbound side: receptions taken one at a time (LMO's large gather above M2,
 * {@link Heterogeneity#receivedInTurn}; LogGOPSim's receive gap, {@link EmulatedNetwork#withReceiveGap()}),
 * each from when its first byte could be taken or when the previous one is done, if later.
 *
 * <p>On the real clock a message is booked when it is sent ({@link #take}): senders' threads book in
 * the order they run, which on a busy machine is the order of real time, near enough. On virtual time
 * that order is arbitrary: a slow processor's thread may book first although its message comes last
 * in virtual time, and every faster message then queues behind it (up to 37 % off LMO's gather
 * prediction). So there the booking waits for the receiver ({@link #defer}, {@link #book}): when it
 * first tests a message, the messages that come no later are booked in the order of virtual time,
 * once no rank can still send one that comes earlier ({@link SendHorizon}).
 */
final class InboundQueue {
    private final int receiver;
    private final int size;
    /**
     * Earliest first; equal times in the order of the senders counted from the receiver onwards
     * (receiver + 1, receiver + 2, ... cyclically), so that they book in one order whatever the
     * threads did. (Linear algorithms rooted at the receiver post their receives in rank order;
     * the tie-break is only a fixed order, not theirs.)
     */
    private final PriorityQueue<Message> unbooked =
            new PriorityQueue<>(Comparator.<Message>comparingLong(m -> m.bookFrom).thenComparingInt(m -> after(m.source)));
    /** When the inbound side is free again. */
    private long free = Long.MIN_VALUE;

    /** The inbound side of rank {@code receiver} of {@code size}. */
    InboundQueue(int receiver, int size) {
        this.receiver = receiver;
        this.size = size;
    }

    /** Where {@code sender}'s messages of equal times come among the others': 1 for the receiver's next rank, and so on. */
    int after(int sender) {
        return Math.floorMod(sender - receiver, size);
    }

    /** Books the inbound side for {@code hold} ns from {@code from} or when it is free, if later; returns when it begins. */
    synchronized long take(long from, long hold) {
        long begin = Math.max(from, free);
        free = begin + hold;
        return begin;
    }

    /** Leaves {@code message}'s booking to the receiver; its {@code bookFrom}, {@code hold} and {@code arrivalAfterBegin} are set. */
    synchronized void defer(Message message) {
        message.booked = false;
        unbooked.add(message);
    }

    /**
     * Books {@code message} and every message waiting for its booking that comes no later, in the
     * order of virtual time; first waits until no rank can send one that comes earlier.
     */
    void book(Message message, SendHorizon horizon) {
        if (message.booked) {
            return;
        }
        horizon.awaitPast(message.bookFrom, message.source, this);
        synchronized (this) {
            while (!message.booked) {
                Message first = unbooked.poll();
                first.arrival = take(first.bookFrom, first.hold) + first.arrivalAfterBegin;
                first.booked = true;
            }
        }
    }
}
