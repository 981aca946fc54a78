package dev.nbc.models.simulation;

import dev.nbc.models.loggp.LogGPParameters;

import java.util.Arrays;

/**
 * Simulates one collective, given every rank's nbc-core schedule, on a LogGP machine. The
 * conventions are those of nbc-core's in-process emulated network, so that predictions can be
 * checked against measurements (m is a message's length in bytes; all ranks start at time 0):
 *
 * <ul>
 * <li>A round starts when the previous one has completed. Its local operations run first, in
 *     order, each costing CPU time: a reduction {@code gamma} per reduced byte (count * type size),
 *     a copy {@code copyCostPerByte} per byte.</li>
 * <li>Then its sends and receives are posted in order. Posting a send at CPU time t costs the
 *     sender o (serialized on its CPU, so k sends of a round end their overheads at t + k o); its
 *     NIC injects at {@code s = max(t + o, nicFree)}, stays busy until
 *     {@code nicFree = s + g + (m-1)G}, the last byte leaves at {@code s + (m-1)G} (the send has
 *     then "finished injecting") and the message arrives at {@code s + (m-1)G + L}. For m = 0
 *     (barrier signals) (m-1)G is taken as 0. Posting a receive costs nothing.</li>
 * <li>LogGOPS's CPU overhead per byte O ({@link LogGPParameters#O()}, 0 in LogGP): a send holds its
 *     CPU for o + (m-1)O, its injection still starting after the o (LogGOPSim's send: the CPU's
 *     {@code nexto = time + o + (m-1)O}, the NIC's start after o); a receive costs o + (m-1)O.</li>
 * <li>With a send buffer of B bytes ({@link SimulationConfig#sendBufferBytes()}, a socket's) the
 *     send finishes once at most B bytes are left to leave: at {@code max(t + o, s + (m-1)G - BG)};
 *     the NIC's times and the arrival do not change. LogGP's rule is B = 0.</li>
 * <li>A receive completes at max(arrival, time it was posted) and then costs the receiver o on
 *     its CPU, after whatever the CPU is doing (receive overheads are served in order of
 *     completion; as they are all equal, ties do not matter).</li>
 * <li>The round completes when all its sends have finished injecting and all its receives have
 *     completed, their o included.</li>
 * <li>Messages between a pair of ranks match first-in first-out (MPI's non-overtaking rule).</li>
 * <li>Noise ({@link CpuNoise}) stretches CPU work only; the network runs on.</li>
 * </ul>
 *
 * <p>With {@link SimulationConfig#receiveGap()} receivers serialise too, by LogGOPSim's
 * convention (spcl/LogGOPSim at 76451de, {@code src/LogGOPSim/LogGOPSim.cpp}, {@code main()}, the
 * {@code OP_MSG} case, lines 417-498): a message's first byte arrives at
 * {@code f = s + L} (its last at {@code f + (m-1)G}, as above), and its reception
 * <pre>
 *   begins     at b = max(f, CPU free, rxFree)    LogGOPSim: max(nexto, nextgr) &lt;= elem.time, else re-queued (l. 423, 495)
 *   holds the CPU until b + o + max((m-1)O, (m-1)G)   nexto  = time + o + noise + max((m-1)O, (m-1)G) (l. 427)
 *   rxFree   = b + g + (m-1)G                     nextgr = time + g + (m-1)G (l. 428)
 * </pre>
 * and the receive completes when the CPU is released. So n messages arriving at one idle rank at
 * once complete {@code max(o, g) + (m-1)G} apart, the last at {@code f + (n-1)(max(o, g) + (m-1)G)
 * + o + (m-1)G}; a lone message still completes at {@code f + (m-1)G + o}, as without the option.
 * Of the hold's {@code max((m-1)O, (m-1)G)} the (m-1)O is CPU work, which noise stretches with
 * the o (LogGOPSim draws noise over {@code [b, b + o]} only), the rest network time on the critical
 * path, not CPU work in {@link SimulationResult}'s busy time: the CPU is held, not working.
 * Receptions are taken at a rank round by round and, within a round, in order of their first
 * byte's arrival (LogGOPSim takes them in global time order, also before their receive is posted:
 * the two agree whenever a rank's messages arrive in the order of its rounds, as in gathers,
 * binomial trees and the dissemination barrier). Off, receptions never wait for one another:
 * only their o queue on the CPU.
 *
 * <p>How it runs: not with a global time-ordered event queue but as a dataflow over (rank, round):
 * under these rules a round's outcome depends only on the rank's own state and the arrival times
 * of the messages it receives, so a rank posts a round's sends, and completes the round as soon as
 * every message it receives there has been sent — the order of evaluation does not change any
 * time. Ranks wait on a counter of missing messages and are made ready by the matching send; the
 * simulator sweeps over the ranks in rank order, advancing each ready rank by one round, so that
 * ranks move nearly together and memory is touched in order. Messages wait in per-destination
 * FIFO queues of primitive arrays ({@link MessageQueues}); schedules are asked for once per rank,
 * in rank order (nbc-core's built ahead on a second thread, {@link EncodedSchedules}), compiled to
 * interned rounds with peers relative to the rank and dropped ({@link CompiledSchedules}). Memory
 * is O(P + messages in flight + distinct rounds + rounds of distinct schedules), time
 * O(operations) for rounds with a bounded number of receives (a round with R receives costs
 * O(R^2) to match, so linear algorithms at large P are slow).
 *
 * <p>Besides the finish times it keeps, for every rank, the critical path of its finish time:
 * at every max() it follows the later operand and adds up the CPU work, noise and messages on the
 * way ({@link CriticalPath}).
 */
public final class ScheduleSimulator {
    // a rank's state between sweeps: waiting for messages of its posted round, ready to complete it, or done
    private static final byte BLOCKED = 1;
    private static final byte READY = 2;
    private static final byte DONE = 3;

    private final SimulationConfig config;
    private final double o;
    private final double g;
    private final double gapPerByte;
    private final double latency;
    private final double gamma;
    private final double perByte;
    private final double copyCost;
    private final boolean receiveGap;
    private final double bufferedTime;
    private final CpuNoise noise;
    private final boolean noiseless;

    public ScheduleSimulator(SimulationConfig config) {
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
        this.bufferedTime = config.sendBufferBytes() * gapPerByte;
        this.noise = config.noise();
        this.noiseless = noise == CpuNoise.NONE;
    }

    public SimulationConfig config() {
        return config;
    }

    /**
     * Runs the collective.
     *
     * @throws IllegalStateException if the schedules do not match (a receive whose message is never
     *         sent, or a message nobody receives), naming a rank and round
     */
    public SimulationResult run(ScheduleSource source) {
        return new Run(source).execute();
    }

    /**
     * Runs the collective with rank r entering it at {@code starts[r]} (ns) instead of 0: ranks
     * that arrive at different times, as after a phase of computation with noise (the jitter
     * simulation's synchronisation step). Finish times are then absolute; a rank's wait for its
     * own start counts as network time on its critical path.
     */
    public SimulationResult run(ScheduleSource source, double[] starts) {
        if (starts.length != source.size()) {
            throw new IllegalArgumentException("starts: need one per rank (" + source.size() + "), but got " + starts.length);
        }
        Run run = new Run(source);
        for (int r = 0; r < starts.length; r++) {
            if (!(starts[r] >= 0) || Double.isInfinite(starts[r])) {
                throw new IllegalArgumentException("starts[" + r + "]: must be finite and >= 0, but was " + starts[r]);
            }
            run.start(r, starts[r]);
        }
        return run.execute();
    }

    /**
     * The state of one simulation. Per rank: a few doubles and ints interleaved in two arrays (one
     * rank's state is a cache line or two, not one line in each of twenty arrays), and its compiled
     * schedule's number.
     */
    private final class Run {
        // per rank, stride STAMPS: stamps (time, CPU share, noise share) of the CPU (the round's start, then
        // after posting the CPU's time), of the latest end of injection of the round's sends, of when the NIC
        // can inject the next message; then the CPU work and the noise delay so far
        private static final int CPU = 0;
        private static final int SEND = 3;
        private static final int NIC = 6;
        private static final int BUSY = 9;
        private static final int NOISE = 10;
        private static final int STAMPS = 11;
        // per rank, stride COUNTERS: compiled schedule, current round, receives still missing, and the
        // message hops of the three stamps
        private static final int SCHEDULE = 0;
        private static final int ROUND = 1;
        private static final int MISSING = 2;
        private static final int CPU_HOPS = 3;
        private static final int SEND_HOPS = 4;
        private static final int NIC_HOPS = 5;
        private static final int COUNTERS = 6;

        private final ScheduleSource source;
        private final int size;
        // dropped when the last round is done, before the results are allocated: at 10^7 ranks they hold gigabytes
        private MessageQueues queues;
        private CompiledSchedules schedules = new CompiledSchedules();

        private final double[] stamps;
        private final int[] counters;
        private final byte[] state;
        // when the NIC can take the next reception (receive-side gap), stride 3 as above; with receiveGap only
        private final double[] recvStamps;
        private final int[] recvHops;

        // ranks ready to complete their round, advanced in the next sweep
        private final ReadyRanks ready;

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
        private double[] rxO = new double[16]; // a reception's (m-1)O
        private int[] order = new int[16];

        Run(ScheduleSource source) {
            this.source = source;
            this.size = source.size();
            queues = new MessageQueues(size);
            stamps = new double[Math.multiplyExact(STAMPS, size)];
            counters = new int[Math.multiplyExact(COUNTERS, size)];
            state = new byte[size];
            recvStamps = receiveGap ? new double[3 * size] : null;
            recvHops = receiveGap ? new int[size] : null;
            ready = new ReadyRanks(size);
        }

        void start(int rank, double time) {
            stamps[STAMPS * rank + CPU] = time;
            stamps[STAMPS * rank + SEND] = time;
            stamps[STAMPS * rank + NIC] = time;
        }

        /**
         * Sweeps over the ranks in rank order: the first posts every rank's first round, each next
         * one completes the round of every rank ready to and posts its next round. So ranks move
         * round by round nearly together (a rank's queue holds a message or two), and neighbouring
         * ranks' state and messages are handled one after another.
         */
        SimulationResult execute() {
            try (EncodedSchedules encoded = EncodedSchedules.of(source)) {
                int end = 0;
                for (int r = 0; r < size; r++) {
                    int offset = encoded.next(end);
                    counters[COUNTERS * r + SCHEDULE] = schedules.intern(encoded.data, offset);
                    end = schedules.encodedEnd();
                    postNext(r);
                }
            }
            int[] sweep = new int[size];
            while (!ready.isEmpty()) {
                int count = ready.drainTo(sweep);
                for (int i = 0; i < count; i++) {
                    int r = sweep[i];
                    complete(r, schedules.round(counters[COUNTERS * r + SCHEDULE], counters[COUNTERS * r + ROUND]));
                    counters[COUNTERS * r + ROUND]++;
                    postNext(r);
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
            int sequences = schedules.sequences();
            int maxInFlight = queues.maxInFlight();
            schedules = null;
            queues = null;
            sweep = null;
            double[] finish = new double[size];
            double[] cpuBusy = new double[size];
            double[] noiseDelay = new double[size];
            double[] pathCpu = new double[size];
            double[] pathNoise = new double[size];
            int[] pathMessages = new int[size];
            for (int r = 0; r < size; r++) {
                int s = STAMPS * r;
                finish[r] = stamps[s + CPU];
                pathCpu[r] = stamps[s + CPU + 1];
                pathNoise[r] = stamps[s + CPU + 2];
                cpuBusy[r] = stamps[s + BUSY];
                noiseDelay[r] = stamps[s + NOISE];
                pathMessages[r] = counters[COUNTERS * r + CPU_HOPS];
            }
            return new SimulationResult(finish, cpuBusy, noiseDelay, pathCpu, pathNoise, pathMessages, operations, messages,
                    sequences, maxInFlight);
        }

        /** The rank at relative position {@code relative} (0 .. P-1) from {@code rank}: (rank + relative) mod P without a division. */
        private int peerOf(int rank, int relative) {
            int peer = rank - (size - relative); // no overflow, unlike rank + relative for P near 2^31
            return peer < 0 ? peer + size : peer;
        }

        private String describeDeadlock() {
            for (int r = 0; r < size; r++) {
                if (state[r] == BLOCKED) {
                    int k = counters[COUNTERS * r + ROUND];
                    int round = schedules.round(counters[COUNTERS * r + SCHEDULE], k);
                    for (int i = schedules.communication(round); i < schedules.end(round); i++) {
                        if (schedules.kind[i] == CompiledSchedules.RECEIVE) {
                            int src = peerOf(r, schedules.peer[i]);
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

        /** Posts the rank's next round, if it has one, and makes it wait for the round's messages. */
        private void postNext(int rank) {
            int base = COUNTERS * rank;
            int schedule = counters[base + SCHEDULE];
            if (counters[base + ROUND] == schedules.rounds(schedule)) {
                state[rank] = DONE;
                done++;
                return;
            }
            int round = schedules.round(schedule, counters[base + ROUND]);
            post(rank, round);
            int waiting = countMissing(rank, round);
            if (waiting > 0) {
                counters[base + MISSING] = waiting;
                state[rank] = BLOCKED;
            } else {
                state[rank] = READY;
                ready.add(rank);
            }
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
            stamps[STAMPS * rank + BUSY] += work;
            stamps[STAMPS * rank + NOISE] += delay;
        }

        private void load(int rank, int at) {
            int s = STAMPS * rank + at;
            t = stamps[s];
            c = stamps[s + 1];
            n = stamps[s + 2];
        }

        private void store(int rank, int at) {
            int s = STAMPS * rank + at;
            stamps[s] = t;
            stamps[s + 1] = c;
            stamps[s + 2] = n;
        }

        private void post(int rank, int round) {
            int base = COUNTERS * rank;
            int st = STAMPS * rank;
            load(rank, CPU);
            h = counters[base + CPU_HOPS];
            double sT = t, sC = c, sN = n;
            int sH = h;
            int comm = schedules.communication(round);
            int end = schedules.end(round);
            for (int i = schedules.first(round); i < comm; i++) {
                work(rank, schedules.bytes[i] * (schedules.kind[i] == CompiledSchedules.REDUCE ? gamma : copyCost));
                operations++;
            }
            for (int i = comm; i < end; i++) {
                if (schedules.kind[i] != CompiledSchedules.SEND) {
                    continue;
                }
                operations++;
                messages++;
                work(rank, o);
                // injection starts at max(CPU done with o, NIC free)
                double iT = t, iC = c, iN = n;
                int iH = h;
                if (stamps[st + NIC] > iT) {
                    iT = stamps[st + NIC];
                    iC = stamps[st + NIC + 1];
                    iN = stamps[st + NIC + 2];
                    iH = counters[base + NIC_HOPS];
                }
                double transfer = Math.max(schedules.bytes[i] - 1, 0) * gapPerByte;
                double injected = iT + transfer;
                stamps[st + NIC] = injected + g;
                stamps[st + NIC + 1] = iC;
                stamps[st + NIC + 2] = iN;
                counters[base + NIC_HOPS] = iH;
                // the send finishes when all but the buffered bytes have left (at once when the rest fits)
                if (injected - bufferedTime > sT) {
                    sT = injected - bufferedTime;
                    sC = iC;
                    sN = iN;
                    sH = iH;
                }
                if (perByte > 0) { // the CPU moves the bytes while the NIC sends them: after the injection began
                    work(rank, Math.max(schedules.bytes[i] - 1, 0) * perByte);
                }
                int destination = peerOf(rank, schedules.peer[i]);
                queues.push(rank, destination, injected + latency, iC, iN, iH + 1, transfer);
                if (state[destination] == BLOCKED) {
                    int d = COUNTERS * destination;
                    int destinationRound = schedules.round(counters[d + SCHEDULE], counters[d + ROUND]);
                    int relative = CompiledSchedules.relative(destination, rank, size);
                    if (queues.length(rank, destination) <= schedules.receivesFrom(destinationRound, relative)
                            && --counters[d + MISSING] == 0) {
                        state[destination] = READY;
                        ready.add(destination);
                    }
                }
            }
            store(rank, CPU);
            counters[base + CPU_HOPS] = h;
            stamps[st + SEND] = sT;
            stamps[st + SEND + 1] = sC;
            stamps[st + SEND + 2] = sN;
            counters[base + SEND_HOPS] = sH;
        }

        /** Receives of the posted round whose message has not been sent yet. */
        private int countMissing(int rank, int round) {
            int comm = schedules.communication(round);
            int end = schedules.end(round);
            int count = 0;
            for (int i = comm; i < end; i++) {
                if (schedules.kind[i] != CompiledSchedules.RECEIVE) {
                    continue;
                }
                int occurrence = 1; // this is the occurrence-th receive from that peer in the round
                for (int j = comm; j < i; j++) {
                    if (schedules.kind[j] == CompiledSchedules.RECEIVE && schedules.peer[j] == schedules.peer[i]) {
                        occurrence++;
                    }
                }
                int src = peerOf(rank, schedules.peer[i]);
                if (queues.length(src, rank) < occurrence) {
                    count++;
                }
            }
            return count;
        }

        private void complete(int rank, int round) {
            int receives = 0;
            for (int i = schedules.communication(round); i < schedules.end(round); i++) {
                if (schedules.kind[i] != CompiledSchedules.RECEIVE) {
                    continue;
                }
                int src = peerOf(rank, schedules.peer[i]);
                int node = queues.pop(src, rank);
                if (receives == rxT.length) {
                    growScratch();
                }
                rxT[receives] = queues.arrival(node);
                rxC[receives] = queues.pathCpu(node);
                rxN[receives] = queues.pathNoise(node);
                rxH[receives] = queues.pathHops(node);
                rxF[receives] = queues.transfer(node);
                rxO[receives] = Math.max(schedules.bytes[i] - 1, 0) * perByte;
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
            int base = COUNTERS * rank;
            load(rank, CPU);
            h = counters[base + CPU_HOPS];
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
            if (stamps[STAMPS * rank + SEND] > t) {
                load(rank, SEND);
                h = counters[base + SEND_HOPS];
            }
            store(rank, CPU);
            counters[base + CPU_HOPS] = h;
        }

        private double arrivalKey(int x) {
            return receiveGap ? rxT[x] - rxF[x] : rxT[x];
        }

        /**
         * LogGOPSim's receptions on the current stamp (the CPU's time): each begins when its first
         * byte is there, the CPU is free and the receive-side gap has passed, then holds the CPU
         * for o + max((m-1)O, (m-1)G) and the NIC for g + (m-1)G.
         */
        private void receiveInTurn(int rank, int receives) {
            int s = 3 * rank;
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
                if (recvStamps[s] > t) { // the NIC is still taking the previous reception
                    t = recvStamps[s];
                    c = recvStamps[s + 1];
                    n = recvStamps[s + 2];
                    h = recvHops[rank];
                }
                recvStamps[s] = t + g + transfer;
                recvStamps[s + 1] = c;
                recvStamps[s + 2] = n;
                recvHops[rank] = h;
                work(rank, o + rxO[x]);
                t += Math.max(transfer - rxO[x], 0); // the CPU is held while the data streams in: LogGOPSim's max((m-1)O, (m-1)G)
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
    }
}
