package dev.nbc.models.jitter;

import dev.nbc.models.simulation.DetourTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** jitSim's hand-worked figures, start modes and barrier, and the closed forms of synthetic noise. */
class JitterSimulatorTest {
    /** The trace portion of the paper's Fig. 2 (⟨jitter duration, cycles to next jitter⟩; here ns). */
    private static final double[] FIG2_JITTER = {10, 5, 25, 5, 15, 20, 10, 60, 5, 10};
    private static final double[] FIG2_GAP = {50, 30, 20, 10, 100, 300, 20, 60, 20, 70};
    private static final DetourTrace FIG2 = JitterTuples.toTrace(FIG2_JITTER, FIG2_GAP);

    @Test
    void figure2TwoNodesTake130And165CyclesForATargetOf100() {
        // node 1 starts at the first row (computes 50 + 30 + 20, meets jitter 5 + 25), node 2 at the seventh
        double node1 = JitterTuples.computeStart(FIG2, 0);
        double node2 = JitterTuples.computeStart(FIG2, 6);
        assertEquals(130, FIG2.finish(node1, 100) - node1, 1e-9);
        assertEquals(165, FIG2.finish(node2, 100) - node2, 1e-9);
    }

    @Test
    void figure3TheFasterNodeWaitsAtTheBarrierForTheSlower() {
        JitterSimulation s = new JitterSimulation(FIG2, StartMode.RANDOM, null, 2, 1, 100, null, 1);
        JitterResult r = JitterSimulator.run(s, FIG2, new double[] {JitterTuples.computeStart(FIG2, 0), JitterTuples.computeStart(FIG2, 6)});
        assertEquals(165, r.meanPhaseNanos(), 1e-9);
        // node 1: 30 of jitter and 35 of waiting; node 2: 65 of jitter
        assertEquals((30 + 35 + 65) / 2.0, r.meanWastedNanos(), 1e-9);
        assertEquals(0.65, r.slowdown(), 1e-12);
    }

    @Test
    void theTuplesRoundTrip() {
        double[][] back = JitterTuples.fromTrace(FIG2);
        assertArrayEquals(FIG2_JITTER, back[0], 1e-9);
        assertArrayEquals(FIG2_GAP, back[1], 1e-9);
        assertEquals(165.0 / 845.0, FIG2.noiseFraction(), 1e-12);
    }

    /** Fig. 6's shape, 7 tasks, worked by hand: send 2, receive 3, hop 10; every task ready at 100. */
    @Test
    void binaryTreeBarrierOfSevenTasksWithoutNoise() {
        double[] next = barrier(new DetourTrace(new double[0], new double[0], 1000));
        // leaves send at 100..102; tasks 1, 2 receive at 112..115, 115..118, send ..120; root receives
        // 130..133, 133..136; sends down at 136..138 (to 1, which receives 148..151) and 138..140 (to 2,
        // 150..153); task 1 forwards 151..153 (task 3: 163..166), 153..155 (task 4: 165..168); task 2
        // 153..155 (task 5: 165..168), 155..157 (task 6: 167..170)
        assertArrayEquals(new double[] {140, 155, 157, 166, 168, 168, 170}, next, 1e-9);
    }

    /** The same with one detour [110, 130) seen by every task at once: tasks 1 and 2 cannot receive until 130. */
    @Test
    void binaryTreeBarrierOfSevenTasksWithADetourDuringTheReceives() {
        double[] next = barrier(new DetourTrace(new double[] {110}, new double[] {20}, 1000));
        assertArrayEquals(new double[] {158, 173, 175, 184, 186, 186, 188}, next, 1e-9);
    }

    private static double[] barrier(DetourTrace trace) {
        double[] ready = new double[7];
        java.util.Arrays.fill(ready, 100);
        double[] next = new double[7];
        new TreeBarrier(2, 3, 10).run(ready, (task, start, work) -> Math.max(start + work, trace.finish(start, work)),
                next);
        return next;
    }

    @Test
    void aCoSchedulerMovesTheDetoursIntoItsLowWindowsAndAddsItsOwnCost() {
        DetourTrace trace = new DetourTrace(new double[] {100, 700}, new double[] {20, 30}, 1000);
        DetourTrace packed = new CoScheduler(400, 100, 0).apply(trace);
        assertEquals(2, packed.detours());
        assertEquals(400, packed.start(0), 1e-9);
        assertEquals(20, packed.duration(0), 1e-9);
        assertEquals(900, packed.start(1), 1e-9);
        assertEquals(30, packed.duration(1), 1e-9);
        assertEquals(1000, packed.period(), 1e-9);
        DetourTrace withDaemon = new CoScheduler(400, 100, 5).apply(trace);
        assertEquals(25, withDaemon.duration(0), 1e-9);   // 400..405 the daemon, 405..425 the detour
        assertEquals(35, withDaemon.duration(1), 1e-9);
        // a detour longer than a low window continues in the next one
        DetourTrace spill = new CoScheduler(400, 100, 0).apply(new DetourTrace(new double[] {0}, new double[] {150}, 1000));
        assertEquals(400, spill.start(0), 1e-9);
        assertEquals(100, spill.duration(0), 1e-9);
        assertEquals(900, spill.start(1), 1e-9);
        assertEquals(50, spill.duration(1), 1e-9);
    }

    @Test
    void startModesPlaceTheTasksAsTheySay() {
        DetourTrace trace = JitterTuples.toTrace(new double[] {10}, new double[] {90});
        CoScheduler co = new CoScheduler(450, 50, 0);
        double[] random = JitterSimulator.offsets(trace, new JitterSimulation(trace, StartMode.RANDOM, null, 4, 1, 100, null, 7));
        assertNotEquals(random[0], random[1]);
        double[] together = JitterSimulator.offsets(trace, new JitterSimulation(trace, StartMode.SYNCHRONIZED, null, 4, 1, 100, null, 7));
        assertEquals(together[0], together[3]);
        DetourTrace packed = co.apply(JitterTuples.toTrace(new double[] {10, 10, 10, 10, 10}, new double[] {190, 190, 190, 190, 190}));
        double[] windows = JitterSimulator.offsets(packed, new JitterSimulation(packed, StartMode.CO_SCHEDULED, co, 50, 1, 100, null, 7));
        for (double offset : windows) {
            assertEquals(0, offset % co.windowNanos(), 1e-9, "a co-scheduled task starts at a high window");
        }
        // synchronised noise: every task meets the same detours, so nobody waits
        JitterResult synced = JitterSimulator.run(new JitterSimulation(trace, StartMode.SYNCHRONIZED, null, 64, 20, 900, null, 3));
        JitterResult alone = JitterSimulator.run(new JitterSimulation(trace, StartMode.SYNCHRONIZED, null, 1, 20, 900, null, 3));
        assertEquals(alone.meanPhaseNanos(), synced.meanPhaseNanos(), 1e-9);
        JitterResult unsynced = JitterSimulator.run(new JitterSimulation(trace, StartMode.RANDOM, null, 64, 20, 900, null, 3));
        assertTrue(unsynced.slowdown() > synced.slowdown(), unsynced.slowdown() + " vs " + synced.slowdown());
        assertEquals(JitterSimulator.run(new JitterSimulation(trace, StartMode.RANDOM, null, 64, 20, 900, null, 3)).meanPhaseNanos(),
                unsynced.meanPhaseNanos(), 0.0, "seeded: the same result");
    }

    /** One detour of d after every T of computing: a task computing W = kT meets k detours, slowdown d / T. */
    @Test
    void aPeriodicDetourSlowsOneTaskDownByDOverT() {
        DetourTrace trace = JitterTuples.toTrace(new double[] {10}, new double[] {90});
        JitterResult r = JitterSimulator.run(new JitterSimulation(trace, StartMode.RANDOM, null, 1, 400, 9_000, null, 11));
        assertEquals(10.0 / 90.0, r.slowdown(), 0.02 * 10.0 / 90.0, "slowdown " + r.slowdown());
    }

    /**
     * Exponential gaps (mean mu) between detours of d: the detours a task meets while computing W
     * are Poisson(W / mu), and a phase lasts until the slowest of P tasks is done, so the mean phase
     * is W + d E[max of P Poisson(W / mu)] (starting inside a detour adds at most d, rarely: d << mu).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 10, 100, 1000, 10_000})
    void exponentialGapsMatchTheExpectedMaximumOverTasks(int tasks) {
        double mu = 1_000;
        double d = 10;
        double work = 2_000;
        int phases = Math.max(200, 2_000_000 / tasks);   // enough task-phases for the mean to settle within 2 %
        int rows = 4_000_000;
        DetourTrace trace = SyntheticNoise.exponential(d, mu, rows, 5);
        JitterResult r = JitterSimulator.run(new JitterSimulation(trace, StartMode.RANDOM, null, tasks, phases, work, null, 17));
        double expected = d * SyntheticNoise.expectedMaxPoisson(work / mu, tasks) / work;
        assertEquals(expected, r.slowdown(), 0.02 * expected, "P=" + tasks + ": simulated " + r.slowdown() + ", closed form " + expected);
    }

    /** Without noise, a collective as the synchronisation costs what the schedule simulator says, shifted to when the tasks arrive. */
    @Test
    void aCollectiveAsTheSynchronisationCostsItsSimulatedTime() {
        dev.nbc.models.loggp.LogGPParameters loggp = new dev.nbc.models.loggp.LogGPParameters(2_000, 500, 600, 0.5, 1, 0.1);
        CollectiveSync allreduce = new CollectiveSync(dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm.RECURSIVE_DOUBLING, 1024,
                dev.nbc.core.datatype.DataType.DOUBLE, loggp);
        double alone = new dev.nbc.models.simulation.ScheduleSimulator(dev.nbc.models.simulation.SimulationConfig.of(loggp))
                .run(dev.nbc.models.simulation.ScheduleSource.forCall(allreduce.algorithm(), 8, 1024,
                        dev.nbc.core.datatype.DataType.DOUBLE, dev.nbc.core.datatype.ReduceOp.SUM)).maxFinishTime();
        double[] ready = new double[8];
        java.util.Arrays.fill(ready, 5_000);
        double[] next = new double[8];
        allreduce.run(ready, dev.nbc.models.simulation.CpuNoise.NONE, next);
        assertEquals(5_000 + alone, java.util.Arrays.stream(next).max().orElseThrow(), 1e-6);
        // through the jitter simulation, on a trace without detours: the phase is W plus the allreduce
        DetourTrace quiet = new DetourTrace(new double[0], new double[0], 1e9);
        JitterResult r = JitterSimulator.run(new JitterSimulation(quiet, StartMode.RANDOM, null, 8, 10, 100_000, allreduce, 1));
        assertEquals(100_000 + alone, r.meanPhaseNanos(), 1e-6);
        // one late task delays everyone's next phase
        ready[3] = 50_000;
        allreduce.run(ready, dev.nbc.models.simulation.CpuNoise.NONE, next);
        for (double t : next) {
            assertTrue(t >= 50_000, java.util.Arrays.toString(next));
        }
    }

    @Test
    void badSimulationsAreRefusedNamingTheArgument() {
        DetourTrace trace = JitterTuples.toTrace(new double[] {10}, new double[] {90});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new JitterSimulation(trace, StartMode.CO_SCHEDULED, null, 1, 1, 1, null, 0));
        assertTrue(e.getMessage().startsWith("coScheduler:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new JitterSimulation(trace, StartMode.RANDOM, null, 0, 1, 1, null, 0));
        assertThrows(IllegalArgumentException.class, () -> new TreeBarrier(-1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new CoScheduler(100, 10, 11));
        assertThrows(IllegalArgumentException.class, () -> JitterTuples.toTrace(new double[] {1, 2}, new double[] {1}));
    }
}
