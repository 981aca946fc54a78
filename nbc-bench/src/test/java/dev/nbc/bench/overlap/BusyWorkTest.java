package dev.nbc.bench.overlap;

import dev.nbc.harness.ranks.CoreBinding;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BusyWorkTest {
    /** How far from 1 a calibrated computation's CPU time per nominal ns may be. */
    private static final double TOLERANCE = 0.25;

    @Test
    void calibrationEndsWhenTwoRoundsInARowAgree() {
        assertEquals(0.72, agreed(0.2, 0.15, 0.7, 0.72, 0.1), 1e-12, "a slow stretch of two rounds is passed over");
        assertEquals(0.71, agreed(0.7, 0.71, 0.3), 1e-12, "within 3 % of the round before: the later");
        double[] never = new double[BusyWork.MAX_ROUNDS + 2];
        for (int i = 0; i < never.length; i++) {
            never[i] = i % 2 == 0 ? 0.3 : 0.7;
        }
        assertEquals(never[BusyWork.MAX_ROUNDS - 1], agreed(never), 1e-12, "the last of MAX_ROUNDS rounds, no more");
    }

    @Test
    void aComputationThatTookTwiceItsTargetHalvesTheRate() {
        BusyWork work = BusyWork.withRate(0.8);
        work.correct(1_000_000, 2_000_000);
        assertEquals(0.4, work.iterationsPerNano(), 1e-12, "twice as long as meant: half the iterations per ns");
        work.correct(1_000_000, 0);
        assertEquals(0.4, work.iterationsPerNano(), 1e-12, "a computation that took no time corrects nothing");
    }

    private static double agreed(double... rounds) {
        int[] next = {0};
        return BusyWork.agreedRate(() -> rounds[next[0]++]);
    }

    /**
     * Calibrated on a core shared with a busy thread (as a bound rank shares its core with the
     * JIT's threads at start-up), work(n) still takes n ns of CPU. Calibrated against the wall
     * clock it took half that: the time off the core counted as computing, in every attempt. A VM
     * whose speed changes between the calibration and the work (by 1.45x once, in CI) misses the
     * bounds in one attempt, not in three: the closest of up to three attempts counts.
     */
    @Test
    void calibrationOnASharedCoreStillGivesCpuTimeAsAsked() throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        assertTrue(threads.isCurrentThreadCpuTimeSupported(), "the JVM measures thread CPU time");
        List<Double> attempts = new ArrayList<>();
        do {
            attempts.add(cpuPerNominalOnASharedCore(threads));
        } while (Math.abs(attempts.get(attempts.size() - 1) - 1) > TOLERANCE && attempts.size() < 3);
        double closest = Collections.min(attempts, Comparator.comparingDouble(ratio -> Math.abs(ratio - 1)));
        // Wide bounds (a busy machine changes a core's speed, not whose turn it is): the wall-clock
        // calibration gave 0.57 here.
        assertEquals(1.0, closest, TOLERANCE, "CPU time of work(20 ms) / 20 ms, closest of the attempts " + attempts);
    }

    /** Calibrates and runs work(20 ms) on one core that a spinning thread shares: CPU time / 20 ms. */
    private static double cpuPerNominalOnASharedCore(ThreadMXBean threads) throws InterruptedException {
        List<Integer> oneCpu = List.of(CoreBinding.CORE.allowedCpus().get(0));
        AtomicBoolean stop = new AtomicBoolean();
        Thread competitor = new Thread(() -> {
            CoreBinding.CORE.bindRank(0, 1, oneCpu);
            while (!stop.get()) {
                BusyWork.spin(10_000);
            }
        });
        AtomicReference<Double> cpuPerNominal = new AtomicReference<>();
        Thread calibrating = new Thread(() -> {
            CoreBinding.CORE.bindRank(0, 1, oneCpu);
            BusyWork work = BusyWork.calibrate();
            long nominal = 20_000_000;
            long t0 = threads.getCurrentThreadCpuTime();
            work.work(nominal);
            cpuPerNominal.set((threads.getCurrentThreadCpuTime() - t0) / (double) nominal);
        });
        competitor.setDaemon(true);
        competitor.start();
        calibrating.start();
        calibrating.join(120_000);
        stop.set(true);
        competitor.join(10_000);
        return cpuPerNominal.get();
    }
}
