package dev.nbc.core.transport.inprocess;

import java.util.HashMap;

/**
 * The matching state of one ordered pair of ranks (source to destination): per tag, the sends that
 * no receive has taken yet, or the receives that no send has reached yet — never both, since
 * whichever comes second takes the oldest of the other kind.
 *
 * <p>Why per pair: a receive names its source, so only the source's thread and the destination's
 * thread ever touch a pair's state, and its monitor is contended by at most those two; ranks that
 * talk to other ranks never meet. The monitor is held only to link or unlink, never while data is
 * copied, so a 16 MiB copy does not stall the other side's posting.
 *
 * <p>Queues are intrusive lists of the operations themselves, and a tag's channel is dropped when it
 * empties, because the communicator uses a fresh tag per collective and would otherwise leave one
 * channel behind per tag it ever used.
 */
final class Link {

    /** A send or receive that may have to wait in a channel for its partner. */
    abstract static class Waiting {
        private Waiting next;

        abstract boolean isSend();
    }

    private static final class Channel {
        Waiting head;
        Waiting tail;
    }

    private final HashMap<Integer, Channel> channels = new HashMap<>();

    /**
     * Pairs {@code arriving} (a send or a receive with {@code tag}) with the oldest waiting operation
     * of the other kind and returns that one, or queues {@code arriving} behind the others of its
     * kind and returns null. Taking the oldest is what makes messages non-overtaking.
     */
    synchronized Waiting pair(int tag, Waiting arriving) {
        Channel channel = channels.get(tag);
        if (channel == null) {
            channel = new Channel();
            channels.put(tag, channel);
        } else if (channel.head.isSend() != arriving.isSend()) {
            Waiting partner = channel.head;
            channel.head = partner.next;
            partner.next = null;
            if (channel.head == null) {
                channels.remove(tag);
            }
            return partner;
        } else {
            channel.tail.next = arriving;
            channel.tail = arriving;
            return null;
        }
        channel.head = arriving;
        channel.tail = arriving;
        return null;
    }

    /**
     * Removes {@code waiting} from the queue of {@code tag} if it is still there (no partner has
     * taken it); true if it was removed. Later arrivals then pair with the ones behind it.
     */
    synchronized boolean withdraw(int tag, Waiting waiting) {
        Channel channel = channels.get(tag);
        if (channel == null) {
            return false;
        }
        Waiting before = null;
        for (Waiting current = channel.head; current != null; before = current, current = current.next) {
            if (current != waiting) {
                continue;
            }
            if (before == null) {
                channel.head = current.next;
            } else {
                before.next = current.next;
            }
            if (channel.tail == current) {
                channel.tail = before;
            }
            current.next = null;
            if (channel.head == null) {
                channels.remove(tag);
            }
            return true;
        }
        return false;
    }
}
