package dev.nbc.bench.clock;

import dev.nbc.harness.ranks.Control;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.concurrent.atomic.AtomicReferenceArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Clock synchronisation on the in-process transport: injected offsets and drifts are recovered. */
class ClockSyncTest {

    @Test
    void minRttFilterKeepsTheOffsetOfTheFastestExchangeAndStopsAfterNWithoutImprovement() {
        // server clock = client clock - 1000; one-way delays random, the fastest exchange symmetric
        MinRttFilter f = new MinRttFilter(10, 10_000);
        Random random = new Random(1);
        long t = 0;
        int n = 0;
        boolean more = true;
        while (more) {
            long there = n == 3 ? 50 : 50 + random.nextInt(500);
            long back = n == 3 ? 50 : 50 + random.nextInt(500);
            long t1 = t;
            long ts = t1 + there - 1000;
            long t2 = t1 + there + back;
            more = f.add(t1, ts, t2);
            t = t2 + 10;
            n++;
        }
        assertEquals(100, f.minRtt());
        assertEquals(1000.0, f.offset(), 1e-9);
        assertEquals(14, f.exchanges()); // best at exchange 4, then 10 without improvement
    }

    @Test
    void treeStepsAreCeilLog2() {
        assertEquals(0, GroupSync.treeSteps(1));
        assertEquals(1, GroupSync.treeSteps(2));
        assertEquals(2, GroupSync.treeSteps(3));
        assertEquals(2, GroupSync.treeSteps(4));
        assertEquals(3, GroupSync.treeSteps(7));
        assertEquals(4, GroupSync.treeSteps(9));
        assertEquals(4, GroupSync.largestPowerOfTwo(7));
    }

    @Test
    void clockModelInvertsItself() {
        ClockModel m = new ClockModel(5_000, 2e-4, 1_000_000);
        double g = 3_000_000;
        assertEquals(g, m.global(m.local(g)), 1e-6);
        GroupSync.Pass a = new GroupSync.Pass(100, 1_000_000_000L, 0, 0, 0);
        GroupSync.Pass b = new GroupSync.Pass(300, 2_000_000_000L, 0, 0, 0);
        assertEquals(2e-7, ClockModel.of(a, b).slope(), 1e-15);
    }

    /**
     * Runs both schemes on P in-process ranks with large injected offsets and drifts, over an
     * emulated network on virtual time: every message takes exactly o_s + L + o_r both ways, so the
     * fastest exchange is symmetric and the synchronisation must find each offset and drift all
     * but exactly, however loaded the machine is. (On the real clock the error is a measurement:
     * {@code NbcBench sync}, docs/bench.md.)
     */
    @Test
    void treeAndLinearRecoverInjectedOffsetAndDrift() {
        for (int p : new int[] {2, 3, 5}) {
            for (GroupSync.Scheme scheme : GroupSync.Scheme.values()) {
                double offsetMicros = 5_000; // 5 ms per rank step
                double driftPpm = 500;
                AtomicReferenceArray<double[]> results = new AtomicReferenceArray<>(p);
                try (InProcessWorld world = InProcessWorld.onVirtualTime(p, EmulatedNetwork.symmetric(20_000, 2_000, 0, 0))) {
                    world.run((rank, transport) -> {
                        Control control = new Control(transport);
                        LocalClock local = LocalClock.injected(rank, offsetMicros, driftPpm);
                        LocalClock reference = LocalClock.injected(0, offsetMicros, driftPpm);
                        GlobalClock clock = GlobalClock.synchronize(control, local, scheme, 20, 200);
                        long now = control.now();
                        results.set(rank, new double[] {clock.errorAgainst(reference, now), local.at(now) - reference.at(now),
                                clock.model().slope(), local.drift() - reference.drift(), clock.second().elapsedNanos()});
                    });
                }
                // An offset is found at its fastest exchange but dated to the middle of rank 0's
                // pass, so the clocks' relative drift (at most twice the injected) over the pass is
                // the method's own error; the pass's length on virtual time is exact.
                double bound = 2 * driftPpm * 1e-6 * results.get(0)[4];
                for (int r = 1; r < p; r++) {
                    double[] v = results.get(r);
                    assertTrue(Math.abs(v[1]) >= 4e6, "rank " + r + " has an injected offset");
                    assertTrue(Math.abs(v[0]) <= bound, scheme + " P=" + p + " rank " + r + " error " + v[0]
                            + " ns, beyond the method's " + bound + " ns");
                    // less the second-order term drift^2 (2.5e-7 here): the slope runs against this
                    // rank's clock, the injected drift against the shared one
                    assertEquals(v[3], v[2], 1e-6, scheme + " P=" + p + " rank " + r + " drift");
                }
                assertFalse(Double.isNaN(results.get(0)[0]));
            }
        }
    }
}
