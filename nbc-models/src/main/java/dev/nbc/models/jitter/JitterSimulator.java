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
 * barrier has released it ({@link PhaseSync#run(double[], CpuNoise, double[], java.util.function.IntConsumer)}).
 *
 * <p>Every task replays one shared trace from its own offset; what a task keeps of it is where it
 * is ({@link TaskClocks}), so memory grows with the tasks, not with the trace. The time does not
 * quite: each task visits its place in the trace a few times a phase, a memory access each once
 * the trace outgrows the cache (docs/jitter.md, "Scale").
 */
public final class JitterSimulator {
    /** The paper's first model (Fig. 3): every task waits for the slowest, and the synchronisation costs nothing. */
    private static final PhaseSync SLOWEST = (ready, noise, next) -> java.util.Arrays.fill(next, max(ready));

    private JitterSimulator() {
    }

    public static JitterResult run(JitterSimulation s) {
        DetourTrace trace = s.mode() == StartMode.CO_SCHEDULED ? s.coScheduler().apply(s.trace()) : s.trace();
        return run(s, trace, offsets(trace, s));
    }

    /** With the (already co-scheduled) trace and each task's time 0 on its clock given: the paper's hand-worked figures. */
    static JitterResult run(JitterSimulation s, DetourTrace trace, double[] offsets) {
        CpuNoise noise = new TaskClocks(trace, offsets);
        PhaseSync sync = s.sync() == null ? SLOWEST : s.sync();
        int p = s.tasks();
        double work = s.workNanos();
        double[] start = new double[p];
        double[] from = new double[p];
        double[] ready = new double[p];
        double[] following = new double[p];
        ParallelTasks.forEach(0, p, i -> ready[i] = noise.finish(i, 0, work));
        double wasted = 0;
        for (int phase = 0; phase < s.phases(); phase++) {
            System.arraycopy(start, 0, from, 0, p);
            double[] computed = phase % 2 == 0 ? ready : following;
            double[] next = phase % 2 == 0 ? following : ready;
            IntConsumer computeNext = phase + 1 < s.phases() ? i -> next[i] = noise.finish(i, start[i], work) : i -> { };
            sync.run(computed, noise, start, computeNext);
            // per task: from its start of this phase to its start of the next, less W
            for (int i = 0; i < p; i++) {
                wasted += start[i] - from[i] - work;
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
