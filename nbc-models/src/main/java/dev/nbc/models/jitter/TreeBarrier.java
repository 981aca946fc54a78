package dev.nbc.models.jitter;

import dev.nbc.models.simulation.CpuNoise;

import java.util.function.IntConsumer;

/**
 * jitSim's synchronisation step (section 3.6, Fig. 6): a barrier over a complete binary tree, task
 * 0 the root and tasks 2i + 1, 2i + 2 the children of task i. Pre-barrier: a task that has
 * finished computing receives its children's messages (in the order they arrive) and then
 * notifies its parent; post-barrier: the root, once both children have reported, sends the
 * start-compute message down, each task forwarding it to its children before it computes again.
 * Every send and receive costs CPU time ({@code sendNanos}, {@code receiveNanos}), during which
 * detours hit as during computation; a message takes {@code hopNanos} between tasks.
 */
public record TreeBarrier(double sendNanos, double receiveNanos, double hopNanos) implements PhaseSync {

    public TreeBarrier {
        check("sendNanos", sendNanos);
        check("receiveNanos", receiveNanos);
        check("hopNanos", hopNanos);
    }

    private static void check(String name, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + ": must be finite and >= 0, but was " + value);
        }
    }

    /** A task starts its next phase once it has forwarded the start message to its children. */
    @Override
    public void run(double[] ready, CpuNoise noise, double[] next) {
        run(ready, noise, next, task -> { });
    }

    /**
     * Up the tree level by level from the leaves, then down from the root; a task's every step of
     * the way down (its receive of the start message, its sends to its children, then
     * {@code started}) runs in one go, so that its place in the noise trace is fetched once.
     */
    @Override
    public void run(double[] ready, CpuNoise noise, double[] next, IntConsumer started) {
        int p = ready.length;
        double[] sent = new double[p];
        int depth = 32 - Integer.numberOfLeadingZeros(p);   // levels 0 .. depth - 1
        for (int level = depth - 1; level >= 0; level--) {
            forLevel(level, p, i -> up(i, p, ready, noise, sent));
        }
        // next[i] holds the start message's arrival at task i until task i has received it
        for (int level = 0; level < depth; level++) {
            forLevel(level, p, i -> {
                down(i, p, noise, sent, next);
                started.accept(i);
            });
        }
    }

    /** Task i receives its children's reports, in the order they arrive, then reports to its parent. */
    private void up(int i, int p, double[] ready, CpuNoise noise, double[] sent) {
        double t = ready[i];
        int left = 2 * i + 1;
        int right = left + 1;
        if (left < p) {
            double a = sent[left] + hopNanos;
            double b = right < p ? sent[right] + hopNanos : Double.POSITIVE_INFINITY;
            t = noise.finish(i, Math.max(t, Math.min(a, b)), receiveNanos);
            if (right < p) {
                t = noise.finish(i, Math.max(t, Math.max(a, b)), receiveNanos);
            }
        }
        sent[i] = i == 0 ? t : noise.finish(i, t, sendNanos);
    }

    /**
     * Task i receives the start message (the root has it once both children reported) and forwards
     * it to its children, then computes: {@code next[i]} becomes its start of the next phase, and
     * each child's the start message's arrival there.
     */
    private void down(int i, int p, CpuNoise noise, double[] sent, double[] next) {
        double t = i == 0 ? sent[0] : noise.finish(i, next[i], receiveNanos);
        for (int child = 2 * i + 1; child <= 2 * i + 2 && child < p; child++) {
            t = noise.finish(i, t, sendNanos);
            next[child] = t + hopNanos;
        }
        next[i] = t;
    }

    /** Tasks of a level are independent of each other: in parallel where the level is large. */
    private static void forLevel(int level, int p, IntConsumer task) {
        ParallelTasks.forEach((1 << level) - 1, Math.min(p, (1 << (level + 1)) - 1), task);
    }
}
