package dev.nbc.models.jitter;

import dev.nbc.models.simulation.CpuNoise;
import dev.nbc.models.simulation.DetourTrace;

import java.util.SplittableRandom;
import java.util.function.IntConsumer;

/**
 * jitSim's trace-driven simulation (De and Mann, section 3.4-3.6): every task computes W per
 * phase in the gaps between the trace's detours, from its own point of the trace, and pays every
 * detour it meets; the phase ends with a synchronisation, after which every task computes again.
 * Time runs on for a task while it waits, so the detours it would have met then cost it nothing.
 * The computation of a phase runs on every core (tasks are independent until the barrier); the
 * barrier is one pass up and one down the tree, each task computing its next phase as soon as the
 * barrier has released it.
 *
 * <p>Every task replays one shared trace from its own offset; what a task keeps of it is where it
 * is ({@link TaskClocks}), so memory grows with the tasks, not with the trace. The tasks are stored
 * and visited in an order ({@link TaskOrder}) that keeps a long trace from costing a memory access
 * per task and step.
 */
public final class JitterSimulator {
    /** The paper's first model (Fig. 3): every task waits for the slowest, and the synchronisation costs nothing. */
    private static final PhaseSync SLOWEST = new PhaseSync() {
        @Override
        public void run(double[] ready, CpuNoise noise, double[] next) {
            java.util.Arrays.fill(next, max(ready));
        }

        @Override
        public void run(TaskOrder order, double[] ready, CpuNoise noise, double[] next, IntConsumer started) {
            run(ready, noise, next);
            ParallelTasks.forEach(0, next.length, started);
        }
    };

    private JitterSimulator() {
    }

    public static JitterResult run(JitterSimulation s) {
        DetourTrace trace = s.mode() == StartMode.CO_SCHEDULED ? s.coScheduler().apply(s.trace()) : s.trace();
        return run(s, trace, offsets(trace, s));
    }

    /** With the (already co-scheduled) trace and each task's time 0 on its clock given: the paper's hand-worked figures. */
    static JitterResult run(JitterSimulation s, DetourTrace trace, double[] offsets) {
        return run(s, trace, offsets, TaskOrder.of(offsets, trace));
    }

    /**
     * With the tasks stored in {@code order}: the phase times are the same in any order; the mean
     * waste, summed over the slots, may differ in its last bit.
     */
    static JitterResult run(JitterSimulation s, DetourTrace trace, double[] offsets, TaskOrder order) {
        int p = s.tasks();
        double[] slotOffsets = new double[p];
        order.toSlots(offsets, slotOffsets);
        CpuNoise noise = new TaskClocks(trace, slotOffsets);
        PhaseSync sync = s.sync() == null ? SLOWEST : s.sync();
        double work = s.workNanos();
        // indexed by slot
        double[] start = new double[p];
        double[] from = new double[p];
        double[] ready = new double[p];
        double[] following = new double[p];
        ParallelTasks.forEach(0, p, k -> ready[k] = noise.finish(k, 0, work));
        double wasted = 0;
        for (int phase = 0; phase < s.phases(); phase++) {
            System.arraycopy(start, 0, from, 0, p);
            double[] computed = phase % 2 == 0 ? ready : following;
            double[] next = phase % 2 == 0 ? following : ready;
            IntConsumer computeNext = phase + 1 < s.phases() ? k -> next[k] = noise.finish(k, start[k], work) : k -> { };
            sync.run(order, computed, noise, start, computeNext);
            // per task: from its start of this phase to its start of the next, less W
            for (int k = 0; k < p; k++) {
                wasted += start[k] - from[k] - work;
            }
        }
        double total = max(start);
        return new JitterResult(s, total / s.phases(), wasted / ((double) p * s.phases()), trace.noiseFraction());
    }

    /** Where each task's time 0 is on the trace's clock, as the start mode says. */
    static double[] offsets(DetourTrace trace, JitterSimulation s) {
        SplittableRandom random = new SplittableRandom(s.seed());
        double[] offsets = new double[s.tasks()];
        switch (s.mode()) {
            case RANDOM -> {
                for (int i = 0; i < offsets.length; i++) {
                    offsets[i] = random.nextDouble() * trace.period();
                }
            }
            case SYNCHRONIZED -> java.util.Arrays.fill(offsets, random.nextDouble() * trace.period());
            case CO_SCHEDULED -> {
                double window = s.coScheduler().windowNanos();
                int windows = (int) Math.round(trace.period() / window);
                for (int i = 0; i < offsets.length; i++) {
                    offsets[i] = random.nextInt(windows) * window;
                }
            }
        }
        return offsets;
    }

    private static double max(double[] values) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            m = Math.max(m, v);
        }
        return m;
    }
}
