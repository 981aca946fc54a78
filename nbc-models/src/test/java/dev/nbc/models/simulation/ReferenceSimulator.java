package dev.nbc.models.simulation;

import dev.nbc.core.schedule.Operation;
import dev.nbc.core.schedule.Round;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.models.loggp.LogGPParameters;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The same rules as {@link ScheduleSimulator}, simulated more plainly, as the reference it must
 * agree with bit for bit: one template object per distinct schedule interned in a HashMap, the
 * messages in flight under a hash map over (source, destination) pairs, and ranks taken depth
 * first (each as far as it can go, then the ranks it woke) instead of round by round in rank order.
 * Fine to 10^6 ranks for the barrier and broadcast; recursive doubling and Rabenseifner keep one
 * template per rank.
 */
final class ReferenceSimulator {
    private static final byte NEW = 0;
    private static final byte RUNNING = 1;
    private static final byte BLOCKED = 2;
    private static final byte READY = 3;
    private static final byte DONE = 4;

    private final SimulationConfig config;
    private final double o;
    private final double g;
    private final double gapPerByte;
    private final double latency;
    private final double gamma;
    private final double perByte;
    private final double copyCost;
    private final boolean receiveGap;
    private final CpuNoise noise;
    private final boolean noiseless;

    ReferenceSimulator(SimulationConfig config) {
        this.config = config;
        LogGPParameters p = config.parameters();
        this.o = p.o();
        this.g = p.g();
        this.gapPerByte = p.G();
        this.latency = p.L();
        this.gamma = p.gamma();
        this.perByte = p.O();
        this.copyCost = config.copyCostPerByte();
        this.receiveGap = config.receiveGap();
        this.noise = config.noise();
        this.noiseless = noise == CpuNoise.NONE;
    }

    /**
     * Runs the collective.
     *
     * @throws IllegalStateException if the schedules do not match (a receive whose message is never
     *         sent, or a message nobody receives), naming a rank and round
     */
    SimulationResult run(ScheduleSource source) {
        return new Run(source).execute();
    }

    /**
     * Runs the collective with rank r entering it at {@code starts[r]} (ns) instead of 0: ranks
     * that arrive at different times, as after a phase of computation with noise (the jitter
     * simulation's synchronisation step). Finish times are then absolute; a rank's wait for its
     * own start counts as network time on its critical path.
     */
    SimulationResult run(ScheduleSource source, double[] starts) {
        if (starts.length != source.size()) {
            throw new IllegalArgumentException("starts: need one per rank (" + source.size() + "), but got " + starts.length);
        }
        Run run = new Run(source);
        for (int r = 0; r < starts.length; r++) {
            if (!(starts[r] >= 0) || Double.isInfinite(starts[r])) {
                throw new IllegalArgumentException("starts[" + r + "]: must be finite and >= 0, but was " + starts[r]);
            }
            run.cpuT[r] = starts[r];
            run.sendT[r] = starts[r];
            run.nicT[r] = starts[r];
        }
        return run.execute();
    }

    /** The state of one simulation; per-rank state in primitive arrays. */
    private final class Run {
        private final ScheduleSource source;
        private final int size;
        private final Queues queues = new Queues();
        private final Map<Template, Integer> templateIds = new HashMap<>();
        private final List<Template> templates = new ArrayList<>();

        private final int[] templateOf;
        private final int[] round;
        private final byte[] state;
        private final int[] missing;
        // CPU stamp: the round's start, then (after posting) the CPU's time; with its path composition
        private final double[] cpuT;
        private final double[] cpuC;
        private final double[] cpuN;
        private final int[] cpuH;
        // latest end of injection of the current round's sends
        private final double[] sendT;
        private final double[] sendC;
        private final double[] sendN;
        private final int[] sendH;
        // when the NIC can inject the next message
        private final double[] nicT;
        private final double[] nicC;
        private final double[] nicN;
        private final int[] nicH;
        // when the NIC can take the next reception (receive-side gap); used with receiveGap only
        private final double[] recvT;
        private final double[] recvC;
        private final double[] recvN;
        private final int[] recvH;
        private final double[] cpuBusy;
        private final double[] noiseDelay;

        private int[] stack = new int[256];
        private int stackSize;
        private int done;
        private long operations;
        private long messages;

        // the stamp being worked on
        private double t;
        private double c;
        private double n;
        private int h;

        // receive scratch of complete()
        private double[] rxT = new double[16];
        private double[] rxC = new double[16];
        private double[] rxN = new double[16];
        private int[] rxH = new int[16];
        private double[] rxF = new double[16];
        private double[] rxO = new double[16];
        private int[] order = new int[16];

        Run(ScheduleSource source) {
            this.source = source;
            this.size = source.size();
            templateOf = new int[size];
            round = new int[size];
            state = new byte[size];
            missing = new int[size];
            cpuT = new double[size];
            cpuC = new double[size];
            cpuN = new double[size];
            cpuH = new int[size];
            sendT = new double[size];
            sendC = new double[size];
            sendN = new double[size];
            sendH = new int[size];
            nicT = new double[size];
            nicC = new double[size];
            nicN = new double[size];
            nicH = new int[size];
            recvT = new double[size];
            recvC = new double[size];
            recvN = new double[size];
            recvH = new int[size];
            cpuBusy = new double[size];
            noiseDelay = new double[size];
        }

        SimulationResult execute() {
            for (int r = 0; r < size; r++) {
                advance(r);
                while (stackSize > 0) {
                    advance(stack[--stackSize]);
                }
            }
            if (done < size) {
                throw new IllegalStateException(describeDeadlock());
            }
            if (queues.inFlight() > 0) {
                int[] pair = queues.anyPair();
                throw new IllegalStateException("schedules do not match: " + queues.inFlight()
                        + " message(s) were sent but never received, e.g. from rank " + pair[0] + " to rank " + pair[1]);
            }
            return new SimulationResult(cpuT, cpuBusy, noiseDelay, cpuC, cpuN, cpuH, operations, messages,
                    templates.size(), queues.maxInFlight());
        }

        private String describeDeadlock() {
            for (int r = 0; r < size; r++) {
                if (state[r] == BLOCKED) {
                    Template tp = templates.get(templateOf[r]);
                    int k = round[r];
                    for (int i = tp.commStart[k]; i < tp.roundStart[k + 1]; i++) {
                        if (tp.kind[i] == Template.RECEIVE) {
                            int src = (int) ((r + (long) tp.peer[i]) % size);
                            if (queues.length(src, r) == 0) {
                                return "schedules do not match: rank " + r + " waits in round " + k
                                        + " for a message from rank " + src + " that is never sent ("
                                        + (size - done) + " rank(s) never finish)";
                            }
                        }
                    }
                    return "schedules do not match: rank " + r + " waits in round " + k + " for messages never sent";
                }
            }
            return "schedules do not match: " + (size - done) + " rank(s) never finish";
        }

        private void advance(int rank) {
            if (state[rank] == NEW) {
                load(rank);
            }
            Template tp = templates.get(templateOf[rank]);
            while (true) {
                if (state[rank] == RUNNING) {
                    if (round[rank] == tp.rounds()) {
                        state[rank] = DONE;
                        done++;
                        return;
                    }
                    post(rank, tp);
                    int waiting = countMissing(rank, tp);
                    if (waiting > 0) {
                        missing[rank] = waiting;
                        state[rank] = BLOCKED;
                        return;
                    }
                    state[rank] = READY;
                }
                if (state[rank] != READY) {
                    return; // BLOCKED: woken by a send
                }
                complete(rank, tp);
                state[rank] = RUNNING;
            }
        }

        private void load(int rank) {
            Template compiled = Template.compile(source.schedule(rank), rank, size);
            Integer id = templateIds.get(compiled);
            if (id == null) {
                id = templates.size();
                templates.add(compiled);
                templateIds.put(compiled, id);
            }
            templateOf[rank] = id;
            state[rank] = RUNNING;
        }

        /** CPU work of {@code work} ns on the current stamp. */
        private void work(int rank, double work) {
            if (work == 0) {
                return;
            }
            double end = noiseless ? t + work : noise.finish(rank, t, work);
            double delay = end - t - work;
            t = end;
            c += work;
            n += delay;
            cpuBusy[rank] += work;
            noiseDelay[rank] += delay;
        }

        private void post(int rank, Template tp) {
            int k = round[rank];
            t = cpuT[rank];
            c = cpuC[rank];
            n = cpuN[rank];
            h = cpuH[rank];
            double sT = t, sC = c, sN = n;
            int sH = h;
            for (int i = tp.roundStart[k]; i < tp.commStart[k]; i++) {
                work(rank, tp.bytes[i] * (tp.kind[i] == Template.REDUCE ? gamma : copyCost));
                operations++;
            }
            for (int i = tp.commStart[k]; i < tp.roundStart[k + 1]; i++) {
                if (tp.kind[i] != Template.SEND) {
                    continue;
                }
                operations++;
                messages++;
                work(rank, o);
                // injection starts at max(CPU done with o, NIC free)
                double iT = t, iC = c, iN = n;
                int iH = h;
                if (nicT[rank] > iT) {
                    iT = nicT[rank];
                    iC = nicC[rank];
                    iN = nicN[rank];
                    iH = nicH[rank];
                }
                double transfer = Math.max(tp.bytes[i] - 1, 0) * gapPerByte;
                double injected = iT + transfer;
                nicT[rank] = injected + g;
                nicC[rank] = iC;
                nicN[rank] = iN;
                nicH[rank] = iH;
                work(rank, Math.max(tp.bytes[i] - 1, 0) * perByte); // LogGOPS's O: CPU work beside the injection
                if (injected > sT) {
                    sT = injected;
                    sC = iC;
                    sN = iN;
                    sH = iH;
                }
                int destination = (int) ((rank + (long) tp.peer[i]) % size);
                int queued = queues.push(rank, destination, injected + latency, iC, iN, iH + 1, transfer);
                if (state[destination] == BLOCKED) {
                    Template dt = templates.get(templateOf[destination]);
                    int relative = Math.floorMod(rank - destination, size);
                    if (queued <= dt.receivesFrom(round[destination], relative) && --missing[destination] == 0) {
                        state[destination] = READY;
                        pushReady(destination);
                    }
                }
            }
            cpuT[rank] = t;
            cpuC[rank] = c;
            cpuN[rank] = n;
            cpuH[rank] = h;
            sendT[rank] = sT;
            sendC[rank] = sC;
            sendN[rank] = sN;
            sendH[rank] = sH;
        }

        /** Receives of the posted round whose message has not been sent yet. */
        private int countMissing(int rank, Template tp) {
            int k = round[rank];
            int count = 0;
            for (int i = tp.commStart[k]; i < tp.roundStart[k + 1]; i++) {
                if (tp.kind[i] != Template.RECEIVE) {
                    continue;
                }
                int occurrence = 1; // this is the occurrence-th receive from that peer in the round
                for (int j = tp.commStart[k]; j < i; j++) {
                    if (tp.kind[j] == Template.RECEIVE && tp.peer[j] == tp.peer[i]) {
                        occurrence++;
                    }
                }
                int src = (int) ((rank + (long) tp.peer[i]) % size);
                if (queues.length(src, rank) < occurrence) {
                    count++;
                }
            }
            return count;
        }

        private void complete(int rank, Template tp) {
            int k = round[rank];
            int receives = 0;
            for (int i = tp.commStart[k]; i < tp.roundStart[k + 1]; i++) {
                if (tp.kind[i] != Template.RECEIVE) {
                    continue;
                }
                int src = (int) ((rank + (long) tp.peer[i]) % size);
                int node = queues.pop(src, rank);
                if (receives == rxT.length) {
                    growScratch();
                }
                rxT[receives] = queues.arrival[node];
                rxC[receives] = queues.pathCpu[node];
                rxN[receives] = queues.pathNoise[node];
                rxH[receives] = queues.pathHops[node];
                rxF[receives] = queues.transfer[node];
                rxO[receives] = Math.max(tp.bytes[i] - 1, 0) * perByte;
                order[receives] = receives;
                receives++;
                operations++;
            }
            // serve receive overheads in order of arrival (insertion sort: rounds have few receives);
            // with the receive-side gap, of their first byte's arrival, as LogGOPSim takes them
            for (int a = 1; a < receives; a++) {
                int x = order[a];
                int b = a - 1;
                while (b >= 0 && arrivalKey(order[b]) > arrivalKey(x)) {
                    order[b + 1] = order[b];
                    b--;
                }
                order[b + 1] = x;
            }
            t = cpuT[rank];
            c = cpuC[rank];
            n = cpuN[rank];
            h = cpuH[rank];
            if (receiveGap) {
                receiveInTurn(rank, receives);
            } else {
                for (int a = 0; a < receives; a++) {
                    int x = order[a];
                    if (rxT[x] > t) { // completes at its arrival (posted earlier): the CPU waited for the network
                        t = rxT[x];
                        c = rxC[x];
                        n = rxN[x];
                        h = rxH[x];
                    }
                    work(rank, o + rxO[x]);
                }
            }
            if (sendT[rank] > t) {
                t = sendT[rank];
                c = sendC[rank];
                n = sendN[rank];
                h = sendH[rank];
            }
            cpuT[rank] = t;
            cpuC[rank] = c;
            cpuN[rank] = n;
            cpuH[rank] = h;
            round[rank]++;
        }

        private double arrivalKey(int x) {
            return receiveGap ? rxT[x] - rxF[x] : rxT[x];
        }

        /**
         * LogGOPSim's receptions on the current stamp (the CPU's time): each begins when its first
         * byte is there, the CPU is free and the receive-side gap has passed, then holds the CPU
         * for o + (m-1)G and the NIC for g + (m-1)G.
         */
        private void receiveInTurn(int rank, int receives) {
            for (int a = 0; a < receives; a++) {
                int x = order[a];
                double transfer = rxF[x];
                double firstByte = rxT[x] - transfer;
                if (firstByte > t) { // the CPU waited for the network
                    t = firstByte;
                    c = rxC[x];
                    n = rxN[x];
                    h = rxH[x];
                }
                if (recvT[rank] > t) { // the NIC is still taking the previous reception
                    t = recvT[rank];
                    c = recvC[rank];
                    n = recvN[rank];
                    h = recvH[rank];
                }
                recvT[rank] = t + g + transfer;
                recvC[rank] = c;
                recvN[rank] = n;
                recvH[rank] = h;
                work(rank, o + rxO[x]);
                t += Math.max(transfer - rxO[x], 0); // held while the data streams in: LogGOPSim's max((m-1)O, (m-1)G)
            }
        }

        private void growScratch() {
            int capacity = rxT.length * 2;
            rxT = Arrays.copyOf(rxT, capacity);
            rxC = Arrays.copyOf(rxC, capacity);
            rxN = Arrays.copyOf(rxN, capacity);
            rxH = Arrays.copyOf(rxH, capacity);
            rxF = Arrays.copyOf(rxF, capacity);
            rxO = Arrays.copyOf(rxO, capacity);
            order = Arrays.copyOf(order, capacity);
        }

        private void pushReady(int rank) {
            if (stackSize == stack.length) {
                stack = Arrays.copyOf(stack, stackSize * 2);
            }
            stack[stackSize++] = rank;
        }
    }

    /** A schedule compiled with peers relative to the rank. */
    static final class Template {
    static final byte SEND = 0;
    static final byte RECEIVE = 1;
    static final byte REDUCE = 2;
    static final byte COPY = 3;

    final byte[] kind;
    final int[] peer;
    final int[] bytes;
    /** Round r's operations are {@code roundStart[r] .. roundStart[r+1]-1}. */
    final int[] roundStart;
    /** Round r's communication starts at {@code commStart[r]} (after its local operations). */
    final int[] commStart;
    private final int hash;

    private Template(byte[] kind, int[] peer, int[] bytes, int[] roundStart, int[] commStart) {
        this.kind = kind;
        this.peer = peer;
        this.bytes = bytes;
        this.roundStart = roundStart;
        this.commStart = commStart;
        this.hash = 31 * (31 * Arrays.hashCode(kind) + Arrays.hashCode(peer)) + Arrays.hashCode(bytes) * 7
                + Arrays.hashCode(roundStart);
    }

    static Template compile(Schedule schedule, int rank, int size) {
        if (schedule.rank() != rank || schedule.size() != size) {
            throw new IllegalArgumentException("schedule: the source returned " + schedule + " for rank " + rank
                    + " of " + size);
        }
        int operations = 0;
        for (Round round : schedule.rounds()) {
            operations += round.local().size() + round.communication().size();
        }
        int rounds = schedule.rounds().size();
        byte[] kind = new byte[operations];
        int[] peer = new int[operations];
        int[] bytes = new int[operations];
        int[] roundStart = new int[rounds + 1];
        int[] commStart = new int[rounds];
        int elementBytes = schedule.type().sizeInBytes();
        int index = 0;
        for (int r = 0; r < rounds; r++) {
            roundStart[r] = index;
            for (Operation op : schedule.rounds().get(r).local()) {
                if (op instanceof Operation.Reduce reduce) {
                    kind[index] = REDUCE;
                    bytes[index++] = Math.multiplyExact(reduce.count(), elementBytes);
                } else if (op instanceof Operation.Copy copy) {
                    kind[index] = COPY;
                    bytes[index++] = copy.length();
                }
            }
            commStart[r] = index;
            for (Operation op : schedule.rounds().get(r).communication()) {
                if (op instanceof Operation.Send send) {
                    kind[index] = SEND;
                    peer[index] = Math.floorMod(send.peer() - rank, size);
                    bytes[index++] = send.length();
                } else if (op instanceof Operation.Receive receive) {
                    kind[index] = RECEIVE;
                    peer[index] = Math.floorMod(receive.peer() - rank, size);
                    bytes[index++] = receive.length();
                }
            }
        }
        roundStart[rounds] = index;
        return new Template(kind, peer, bytes, roundStart, commStart);
    }

    int rounds() {
        return commStart.length;
    }

    /** Number of receives in round {@code round} from relative peer {@code relativePeer}. */
    int receivesFrom(int round, int relativePeer) {
        int n = 0;
        for (int i = commStart[round]; i < roundStart[round + 1]; i++) {
            if (kind[i] == RECEIVE && peer[i] == relativePeer) {
                n++;
            }
        }
        return n;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Template t && hash == t.hash && Arrays.equals(kind, t.kind)
                && Arrays.equals(peer, t.peer) && Arrays.equals(bytes, t.bytes)
                && Arrays.equals(roundStart, t.roundStart) && Arrays.equals(commStart, t.commStart);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}

    /** FIFO queues per (source, destination) pair under an open-addressing map. */
    static final class Queues {
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

    Queues() {
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
}
