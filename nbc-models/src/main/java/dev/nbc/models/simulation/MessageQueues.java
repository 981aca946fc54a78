package dev.nbc.models.simulation;

import java.util.Arrays;

/**
 * Messages in flight, matched first-in first-out per (source, destination) pair as MPI's
 * non-overtaking rule demands within one collective. Each destination has one queue, in the order
 * the messages were sent, and a receive takes the oldest message from its source in it: an array
 * index per rank instead of a hash map over pairs, so that ranks handled in rank order touch memory
 * in order. Queues stay short for the tree, dissemination and butterfly algorithms (a rank has a
 * message or two from the ranks ahead of it); a round receiving R messages at once costs O(R^2) to
 * match. Primitive arrays only, nodes recycled through a free list: memory follows the number of
 * messages in flight, not the number sent. Each message carries its arrival time, the
 * critical-path composition of that time (CPU and noise shares, message hops) and the time its
 * data takes to stream in, (m-1)G (the receive-side gap needs when the first byte came).
 */
final class MessageQueues {
    private static final int NONE = -1;
    // per node, interleaved so that one message is one cache line: arrival, path CPU, path noise, transfer
    private static final int TIMES = 4;
    // per node: path hops, source, next node in the destination's queue
    private static final int LINKS = 3;

    private final int[] head;
    private final int[] tail;
    private double[] times = new double[TIMES * 1024];
    private int[] links = new int[LINKS * 1024];
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
        for (int node = head[destination]; node != NONE; node = links[LINKS * node + 2]) {
            if (links[LINKS * node + 1] == source) {
                n++;
            }
        }
        return n;
    }

    /** Enqueues a message arriving (its last byte) at {@code time}. */
    void push(int source, int destination, double time, double cpu, double noise, int hops, double transferTime) {
        int node = allocateNode();
        int t = TIMES * node;
        times[t] = time;
        times[t + 1] = cpu;
        times[t + 2] = noise;
        times[t + 3] = transferTime;
        int l = LINKS * node;
        links[l] = hops;
        links[l + 1] = source;
        links[l + 2] = NONE;
        if (head[destination] == NONE) {
            head[destination] = node;
        } else {
            links[LINKS * tail[destination] + 2] = node;
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
        for (int node = head[destination]; node != NONE; previous = node, node = links[LINKS * node + 2]) {
            if (links[LINKS * node + 1] != source) {
                continue;
            }
            int next = links[LINKS * node + 2];
            if (previous == NONE) {
                head[destination] = next;
            } else {
                links[LINKS * previous + 2] = next;
            }
            if (tail[destination] == node) {
                tail[destination] = previous;
            }
            links[LINKS * node + 2] = freeHead;
            freeHead = node;
            inFlight--;
            return node;
        }
        return NONE;
    }

    double arrival(int node) {
        return times[TIMES * node];
    }

    double pathCpu(int node) {
        return times[TIMES * node + 1];
    }

    double pathNoise(int node) {
        return times[TIMES * node + 2];
    }

    double transfer(int node) {
        return times[TIMES * node + 3];
    }

    int pathHops(int node) {
        return links[LINKS * node];
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
                return new int[]{links[LINKS * head[destination] + 1], destination};
            }
        }
        return null;
    }

    private int allocateNode() {
        if (freeHead != NONE) {
            int node = freeHead;
            freeHead = links[LINKS * node + 2];
            return node;
        }
        if (used == times.length / TIMES) {
            int capacity = 2 * used;
            times = Arrays.copyOf(times, TIMES * capacity);
            links = Arrays.copyOf(links, LINKS * capacity);
        }
        return used++;
    }
}
