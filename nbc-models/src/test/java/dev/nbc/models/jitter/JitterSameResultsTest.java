package dev.nbc.models.jitter;

import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.models.loggp.LogGPParameters;
import dev.nbc.models.simulation.DetourTrace;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the simulation orders its work (which pass visits which task when, in which order the tasks
 * are stored) must not change a result: the same seed, the same numbers. Against numbers recorded
 * for fixed seeds (every start mode, the tree barrier sequential and in parallel, no
 * synchronisation, a collective), and against a plain replay of jitSim's rules on a small case:
 * every phase's computation for all tasks, then the tree barrier's pass up and its pass down, each
 * step a search of the whole trace; in the tasks' own order to the last bit, in the order of their
 * offsets (how long traces are run, {@link TaskOrder}) the phase times to the last bit and the mean
 * waste, a sum over the tasks taken in another order, to its last few.
 */
class JitterSameResultsTest {
    private static final DetourTrace DENSE = SyntheticNoise.exponential(10, 1000, 50_000, 5);
    private static final TreeBarrier TREE = new TreeBarrier(500, 500, 1000);

    @Test
    void fixedSeedsGiveTheRecordedResults() {
        assertResult(51641.09762841072, 49418.09616104914,
                new JitterSimulation(DENSE, StartMode.RANDOM, null, 3000, 20, 2000, TREE, 17));
        // above ParallelTasks.CHUNK tasks: the computation and the barrier's wide levels run on every core
        assertResult(70880.0, 67004.27608402041, new JitterSimulation(DENSE, StartMode.RANDOM, null, 40_000, 3, 2000, TREE, 17));
        assertResult(5053.0, 53.0, new JitterSimulation(DENSE, StartMode.SYNCHRONIZED, null, 1000, 10, 5000, null, 3));
        DetourTrace sparse = SyntheticNoise.exponential(20_000, 1_000_000, 20_000, 3);
        assertResult(1093434.6184183757, 93307.32675170898, new JitterSimulation(sparse, StartMode.CO_SCHEDULED,
                new CoScheduler(9e6, 1e6, 1e4), 2000, 30, 1e6, TREE, 11));
        assertResult(20162.26993589699, 18109.901610657562, new JitterSimulation(DENSE, StartMode.RANDOM, null, 512, 5, 2000,
                new CollectiveSync(BarrierAlgorithm.DISSEMINATION, 0, DataType.BYTE, new LogGPParameters(1000, 500, 500, 0.1, 512, 0)), 23));
    }

    private static void assertResult(double meanPhaseNanos, double meanWastedNanos, JitterSimulation s) {
        JitterResult r = JitterSimulator.run(s);
        assertEquals(meanPhaseNanos, r.meanPhaseNanos(), 0.0, "mean phase of " + s.tasks() + " tasks, " + s.mode());
        assertEquals(meanWastedNanos, r.meanWastedNanos(), 0.0, "mean wasted of " + s.tasks() + " tasks, " + s.mode());
    }

    /**
     * On a trace of whole ns (so that every repetition's start is exact whichever way it is summed),
     * the simulator and the plain replay agree exactly, phase by phase.
     */
    @Test
    void theSimulatorAgreesWithAPlainReplayOfTheRules() {
        SplittableRandom random = new SplittableRandom(9);
        int rows = 2_000;
        double[] jitter = new double[rows];
        double[] gap = new double[rows];
        for (int i = 0; i < rows; i++) {
            jitter[i] = 1 + random.nextInt(300);
            gap[i] = random.nextInt(3_000);
        }
        DetourTrace trace = JitterTuples.toTrace(jitter, gap);
        int tasks = 777;
        double[] offsets = new double[tasks];
        for (int i = 0; i < tasks; i++) {
            offsets[i] = random.nextInt((int) trace.period());
        }
        JitterSimulation s = new JitterSimulation(trace, StartMode.RANDOM, null, tasks, 40, 2_500, TREE, 1);
        double[] replayed = plainReplay(trace, offsets, 40, 2_500, TREE);
        JitterResult byNumber = JitterSimulator.run(s, trace, offsets, TaskOrder.byNumber(tasks));
        assertEquals(replayed[0], byNumber.meanPhaseNanos(), 0.0, "mean phase");
        assertEquals(replayed[1], byNumber.meanWastedNanos(), 0.0, "mean wasted");
        JitterResult byOffset = JitterSimulator.run(s, trace, offsets, TaskOrder.byOffset(offsets, trace.period()));
        assertEquals(replayed[0], byOffset.meanPhaseNanos(), 0.0, "mean phase, tasks in the offsets' order");
        assertEquals(replayed[1], byOffset.meanWastedNanos(), 1e-12 * replayed[1], "mean wasted, tasks in the offsets' order");
    }

    @Test
    void aLongTraceIsRunWithTheTasksInTheOrderOfTheirOffsets() {
        int tasks = 3000;
        DetourTrace longTrace = SyntheticNoise.exponential(10, 1000, TaskOrder.CACHED_DETOURS + 1, 5);
        JitterSimulation s = new JitterSimulation(longTrace, StartMode.RANDOM, null, tasks, 10, 2000, TREE, 17);
        double[] offsets = JitterSimulator.offsets(longTrace, s);
        TaskOrder order = TaskOrder.of(offsets, longTrace);
        for (int k = 1; k < tasks; k++) {
            assertTrue(offsets[order.task(k - 1)] <= offsets[order.task(k)], "slot " + k);
        }
        assertEquals(JitterSimulator.run(s).meanPhaseNanos(),
                JitterSimulator.run(s, longTrace, offsets, TaskOrder.byNumber(tasks)).meanPhaseNanos(), 0.0);
        // a synchronisation without an order of its own (a collective) sees the tasks by number whatever their slots
        JitterSimulation collective = new JitterSimulation(longTrace, StartMode.RANDOM, null, 64, 5, 2000,
                new CollectiveSync(BarrierAlgorithm.DISSEMINATION, 0, DataType.BYTE, new LogGPParameters(1000, 500, 500, 0.1, 64, 0)), 23);
        double[] few = JitterSimulator.offsets(longTrace, collective);
        assertEquals(JitterSimulator.run(collective, longTrace, few, TaskOrder.byNumber(64)).meanPhaseNanos(),
                JitterSimulator.run(collective, longTrace, few, TaskOrder.byOffset(few, longTrace.period())).meanPhaseNanos(), 0.0);
        assertEquals(0, TaskOrder.of(offsets, DENSE).task(0), "a short trace keeps the tasks' numbers");
        assertEquals(tasks - 1, TaskOrder.of(offsets, DENSE).task(tasks - 1));
    }

    /** jitSim's rules written out (Fig. 3 and 6): {mean phase, mean wasted}. */
    private static double[] plainReplay(DetourTrace trace, double[] offsets, int phases, double work, TreeBarrier b) {
        int p = offsets.length;
        double[] start = new double[p];
        double[] ready = new double[p];
        double[] sent = new double[p];
        double wasted = 0;
        for (int phase = 0; phase < phases; phase++) {
            for (int i = 0; i < p; i++) {
                ready[i] = cpu(trace, offsets, i, start[i], work);
            }
            for (int i = p - 1; i >= 0; i--) {   // children before parents
                double t = ready[i];
                int left = 2 * i + 1;
                int right = left + 1;
                if (left < p) {
                    double a = sent[left] + b.hopNanos();
                    double c = right < p ? sent[right] + b.hopNanos() : Double.POSITIVE_INFINITY;
                    t = cpu(trace, offsets, i, Math.max(t, Math.min(a, c)), b.receiveNanos());
                    if (right < p) {
                        t = cpu(trace, offsets, i, Math.max(t, Math.max(a, c)), b.receiveNanos());
                    }
                }
                sent[i] = i == 0 ? t : cpu(trace, offsets, i, t, b.sendNanos());
            }
            double[] next = new double[p];
            next[0] = sent[0];
            for (int i = 0; i < p; i++) {   // parents before children
                double t = next[i];
                for (int child = 2 * i + 1; child <= 2 * i + 2 && child < p; child++) {
                    t = cpu(trace, offsets, i, t, b.sendNanos());
                    next[child] = cpu(trace, offsets, child, t + b.hopNanos(), b.receiveNanos());
                }
                next[i] = t;
            }
            for (int i = 0; i < p; i++) {
                wasted += next[i] - start[i] - work;
            }
            start = next;
        }
        double last = java.util.Arrays.stream(start).max().orElseThrow();
        return new double[] {last / phases, wasted / ((double) p * phases)};
    }

    /** Task i's work from its time t: trace time t + offset, searched from the trace's start. */
    private static double cpu(DetourTrace trace, double[] offsets, int i, double t, double work) {
        return Math.max(t + work, trace.finish(t + offsets[i], work) - offsets[i]);
    }
}
