package dev.nbc.models.simulation;

import java.util.Arrays;

/**
 * Messages in flight, matched first-in first-out per (source, destination) pair as MPI's
 * non-overtaking rule demands within one collective. Each destination has one queue, in the order
 * the messages were sent, and a receive takes the oldest message from its source in it: an array
 * index per rank instead of a hash map over pairs, so that ranks handled in rank order touch memory
 * in order. Queues stay short for the tree, dissemination and butterfly algorithms (a rank has a
 * message or two from the ranks ahead of it); a round receiving R messages at once costs O(R^2) to
 * match. Primitive arrays only, nodes recycled through a free list and kept in blocks of a fixed size
 * (added, never copied into larger arrays): memory follows the number of messages in flight, not the
 * number sent. Each message carries its arrival time, the critical-path composition of that time
 * (CPU and noise shares, message hops) and the time its data takes to stream in, (m-1)G (the
 * receive-side gap needs when the first byte came).
 */
final class MessageQueues {
    private static final int NONE = -1;
    // per node, interleaved so that one message is one cache line: arrival, path CPU, path noise, transfer
    private static final int TIMES = 4;
    // per node: path hops, source, next node in the destination's queue
    private static final int LINKS = 3;
    // nodes per block: 256 KiB of times, below the half region from which G1 gives an array regions of its own
    private static final int BLOCK_SHIFT = 13;
    private static final int BLOCK_MASK = (1 << BLOCK_SHIFT) - 1;

    private final int[] head;
    private final int[] tail;
    private double[][] times = new double[0][];
    private int[][] links = new int[0][];
    private int freeHead = NONE;
    private int used;
    private int inFlight;
    private int maxInFlight;

    MessageQueues(int size) {
        head = new int[size];
        tail = new int[size];
        Arrays.fill(head, NONE);
    }

    /** Number of queued messages from source to destination. */
    int length(int source, int destination) {
        int n = 0;
        for (int node = head[destination]; node != NONE; node = link(node, 2)) {
            if (link(node, 1) == source) {
                n++;
            }
        }
        return n;
    }

    /** Enqueues a message arriving (its last byte) at {@code time}. */
    void push(int source, int destination, double time, double cpu, double noise, int hops, double transferTime) {
        int node = allocateNode();
        double[] t = times[node >>> BLOCK_SHIFT];
        int at = TIMES * (node & BLOCK_MASK);
        t[at] = time;
        t[at + 1] = cpu;
        t[at + 2] = noise;
        t[at + 3] = transferTime;
        int[] l = links[node >>> BLOCK_SHIFT];
        at = LINKS * (node & BLOCK_MASK);
        l[at] = hops;
        l[at + 1] = source;
        l[at + 2] = NONE;
        if (head[destination] == NONE) {
            head[destination] = node;
        } else {
            setLink(tail[destination], 2, node);
        }
        tail[destination] = node;
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
    }

    /**
     * Dequeues the oldest message from source to destination and returns its node, valid until the
     * next push; -1 if there is none.
     */
    int pop(int source, int destination) {
        int previous = NONE;
        for (int node = head[destination]; node != NONE; previous = node, node = link(node, 2)) {
            if (link(node, 1) != source) {
                continue;
            }
            int next = link(node, 2);
            if (previous == NONE) {
                head[destination] = next;
            } else {
                setLink(previous, 2, next);
            }
            if (tail[destination] == node) {
                tail[destination] = previous;
            }
            setLink(node, 2, freeHead);
            freeHead = node;
            inFlight--;
            return node;
        }
        return NONE;
    }

    double arrival(int node) {
        return time(node, 0);
    }

    double pathCpu(int node) {
        return time(node, 1);
    }

    double pathNoise(int node) {
        return time(node, 2);
    }

    double transfer(int node) {
        return time(node, 3);
    }

    int pathHops(int node) {
        return link(node, 0);
    }

    int inFlight() {
        return inFlight;
    }

    int maxInFlight() {
        return maxInFlight;
    }

    /** Some pair with a queued message, as {source, destination}, or null. */
    int[] anyPair() {
        for (int destination = 0; destination < head.length; destination++) {
            if (head[destination] != NONE) {
                return new int[]{link(head[destination], 1), destination};
            }
        }
        return null;
    }

    private int allocateNode() {
        if (freeHead != NONE) {
            int node = freeHead;
            freeHead = link(node, 2);
            return node;
        }
        if ((used & BLOCK_MASK) == 0) {
            int block = used >>> BLOCK_SHIFT;
            times = Arrays.copyOf(times, block + 1);
            links = Arrays.copyOf(links, block + 1);
            times[block] = new double[TIMES << BLOCK_SHIFT];
            links[block] = new int[LINKS << BLOCK_SHIFT];
        }
        return used++;
    }

    private double time(int node, int field) {
        return times[node >>> BLOCK_SHIFT][TIMES * (node & BLOCK_MASK) + field];
    }

    private int link(int node, int field) {
        return links[node >>> BLOCK_SHIFT][LINKS * (node & BLOCK_MASK) + field];
    }

    private void setLink(int node, int field, int value) {
        links[node >>> BLOCK_SHIFT][LINKS * (node & BLOCK_MASK) + field] = value;
    }
}
