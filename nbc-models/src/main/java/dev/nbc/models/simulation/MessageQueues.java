package dev.nbc.models.simulation;

import java.util.Arrays;

/**
 * Messages in flight, matched FIFO per (source, destination) pair as MPI's non-overtaking rule
 * demands within one collective. Primitive arrays only: an open-addressing map from the pair to a
 * linked queue of message nodes, with a free list; memory follows the number of messages in flight,
 * not the number sent. Each message carries its arrival time and the critical-path composition of
 * that time (CPU and noise shares, message hops) and the time its data takes to stream in,
 * (m-1)G (the receive-side gap needs when the first byte came).
 */
final class MessageQueues {
    // pair map (linear probing, backward-shift deletion)
    private long[] keys;
    private int[] heads;
    private int[] tails;
    private int[] lengths;
    private int pairs;
    // message nodes
    double[] arrival = new double[1024];
    double[] pathCpu = new double[1024];
    double[] pathNoise = new double[1024];
    int[] pathHops = new int[1024];
    double[] transfer = new double[1024];
    private int[] next = new int[1024];
    private int freeHead = -1;
    private int used;
    private int inFlight;
    private int maxInFlight;

    MessageQueues() {
        allocatePairs(1024);
    }

    private void allocatePairs(int capacity) {
        keys = new long[capacity];
        Arrays.fill(keys, -1L);
        heads = new int[capacity];
        tails = new int[capacity];
        lengths = new int[capacity];
    }

    private static long key(int source, int destination) {
        return ((long) source << 32) | (destination & 0xFFFFFFFFL);
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29)) & (keys.length - 1);
    }

    private int find(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key); ; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return i;
            }
            if (keys[i] == -1L) {
                return -1 - i;
            }
        }
    }

    /** Number of queued messages from source to destination. */
    int length(int source, int destination) {
        int i = find(key(source, destination));
        return i >= 0 ? lengths[i] : 0;
    }

    /** Enqueues a message arriving (its last byte) at {@code time}; returns the queue's new length. */
    int push(int source, int destination, double time, double cpu, double noise, int hops, double transferTime) {
        int node = allocateNode();
        arrival[node] = time;
        transfer[node] = transferTime;
        pathCpu[node] = cpu;
        pathNoise[node] = noise;
        pathHops[node] = hops;
        next[node] = -1;
        long key = key(source, destination);
        int i = find(key);
        if (i < 0) {
            if (2 * (pairs + 1) > keys.length) {
                rehash(keys.length * 2);
                i = find(key);
            }
            i = -1 - i;
            keys[i] = key;
            heads[i] = node;
            tails[i] = node;
            lengths[i] = 1;
            pairs++;
        } else {
            next[tails[i]] = node;
            tails[i] = node;
            lengths[i]++;
        }
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        return lengths[i];
    }

    /**
     * Dequeues the oldest message from source to destination and returns its node, valid until the
     * next push; -1 if there is none.
     */
    int pop(int source, int destination) {
        int i = find(key(source, destination));
        if (i < 0) {
            return -1;
        }
        int node = heads[i];
        heads[i] = next[node];
        if (--lengths[i] == 0) {
            remove(i);
        }
        next[node] = freeHead;
        freeHead = node;
        inFlight--;
        return node;
    }

    int inFlight() {
        return inFlight;
    }

    int maxInFlight() {
        return maxInFlight;
    }

    /** Some pair with a queued message, as {source, destination}, or null. */
    int[] anyPair() {
        for (long k : keys) {
            if (k != -1L) {
                return new int[]{(int) (k >>> 32), (int) k};
            }
        }
        return null;
    }

    private int allocateNode() {
        if (freeHead >= 0) {
            int node = freeHead;
            freeHead = next[node];
            return node;
        }
        if (used == arrival.length) {
            int capacity = arrival.length * 2;
            arrival = Arrays.copyOf(arrival, capacity);
            pathCpu = Arrays.copyOf(pathCpu, capacity);
            pathNoise = Arrays.copyOf(pathNoise, capacity);
            pathHops = Arrays.copyOf(pathHops, capacity);
            transfer = Arrays.copyOf(transfer, capacity);
            next = Arrays.copyOf(next, capacity);
        }
        return used++;
    }

    private void remove(int i) {
        int mask = keys.length - 1;
        keys[i] = -1L;
        pairs--;
        // backward-shift the following cluster so lookups stay correct without tombstones
        for (int j = (i + 1) & mask; keys[j] != -1L; j = (j + 1) & mask) {
            int home = slot(keys[j]);
            boolean movable = (i <= j) ? (home <= i || home > j) : (home <= i && home > j);
            if (movable) {
                keys[i] = keys[j];
                heads[i] = heads[j];
                tails[i] = tails[j];
                lengths[i] = lengths[j];
                keys[j] = -1L;
                i = j;
            }
        }
    }

    private void rehash(int capacity) {
        long[] oldKeys = keys;
        int[] oldHeads = heads;
        int[] oldTails = tails;
        int[] oldLengths = lengths;
        allocatePairs(capacity);
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != -1L) {
                int i = -1 - find(oldKeys[j]);
                keys[i] = oldKeys[j];
                heads[i] = oldHeads[j];
                tails[i] = oldTails[j];
                lengths[i] = oldLengths[j];
            }
        }
    }
}
