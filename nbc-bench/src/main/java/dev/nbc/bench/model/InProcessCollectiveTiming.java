package dev.nbc.bench.model;

import dev.nbc.core.Communicator;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;
import dev.nbc.harness.call.NbcCall;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.request.Request;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import dev.nbc.models.assessment.Spread;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The latency of nbc's own collectives on P in-process ranks over an emulated network, measured
 * the way the simulator predicts it: every rank starts at one common instant (threads of one JVM
 * read the same clock, so no synchronisation error), and a repetition's latency is the last
 * rank's finish minus that instant. Ranks run without progress thread ({@link ProgressMode#MANUAL}:
 * the rank's own test() loop drives the schedule), so that P ranks are P busy threads and nothing
 * else competes for the cores; they line up with a {@link SpinBarrier}, never parking.
 */
public final class InProcessCollectiveTiming {
    /** Time from agreeing on a start to the start: enough for every rank to reach its spin. */
    private static final long START_MARGIN_NANOS = 300_000;

    private InProcessCollectiveTiming() {
    }

    /**
     * What a waiting rank does between polls. With a core per rank: nothing (a plain poll; not
     * even {@link Thread#onSpinWait()}, whose PAUSE loops a hypervisor may take for lock spinning
     * and deschedule the virtual CPU over); with more ranks than cores: yield, so every rank runs.
     */
    static void relax(int processes) {
        if (processes > CORES) {
            Thread.yield();
        }
    }

    private static final int CORES = Runtime.getRuntime().availableProcessors();

    /** Median and quartiles over {@code repetitions} (after {@code warmups} untimed) of the latency, ns. */
    /** @param algorithm one of {@code collective}'s algorithms, or null for the selector's choice */
    public static Spread measure(EmulatedNetwork network, int processes, Collective collective, Algorithm algorithm,
                                 long bytes, int warmups, int repetitions) {
        AtomicLong start = new AtomicLong();
        AtomicLongArray finish = new AtomicLongArray(processes);
        double[] latency = new double[repetitions];
        int[] done = {0};
        SpinBarrier aligned = new SpinBarrier(processes, () -> start.set(System.nanoTime() + START_MARGIN_NANOS));
        SpinBarrier finished = new SpinBarrier(processes, () -> {
            if (done[0] >= warmups) {
                long last = Long.MIN_VALUE;
                for (int r = 0; r < processes; r++) {
                    last = Math.max(last, finish.get(r));
                }
                latency[done[0] - warmups] = last - start.get();
            }
            done[0]++;
        });
        try (InProcessWorld world = new InProcessWorld(processes, network)) {
            world.run((rank, transport) -> {
                try (ProgressEngine engine = ProgressEngine.start(ProgressMode.MANUAL, IdleStrategy.BACKOFF)) {
                    // The models predict the collective alone: without the consistency check's rounds.
                    Communicator comm = Communicator.create(engine, transport, CollectiveCheck.OFF);
                    NbcCall call = new NbcCall(comm, collective, Math.toIntExact(bytes), algorithm);
                    for (int rep = 0; rep < warmups + repetitions; rep++) {
                        aligned.await();
                        long at = start.get();
                        while (System.nanoTime() - at < 0) {
                            relax(processes);
                        }
                        Request request = call.request();
                        // Poll, as an MPI_Test loop would: await() parks after 200 us and a park is
                        // ~50 us late here (timer slack), which would be charged to the collective.
                        while (!request.test()) {
                            relax(processes);
                        }
                        finish.set(rank, System.nanoTime());
                        finished.await();
                    }
                }
            }, Duration.ofMinutes(10));
        }
        return Spread.of(latency);
    }
}
