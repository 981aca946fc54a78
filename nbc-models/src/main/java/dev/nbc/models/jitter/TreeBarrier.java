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
        run(TaskOrder.byNumber(ready.length), ready, noise, next, slot -> { });
    }

    /**
     * Up the tree level by level from the leaves, then down from the root, each level's tasks in
     * slot order; a task's every step of the way down (its receive of the start message, its sends
     * to its children, then {@code started}) runs in one go.
     */
    @Override
    public void run(TaskOrder order, double[] ready, CpuNoise noise, double[] next, IntConsumer started) {
        int p = ready.length;
        TaskOrder.TreeLevels levels = order.treeLevels();
        int[] slots = levels.slots();
        double[] sent = new double[p];
        for (int level = order.depth() - 1; level >= 0; level--) {
            ParallelTasks.forEach(levels.start()[level], levels.start()[level + 1], j -> up(order, slots[j], ready, noise, sent));
        }
        // next[k] holds the start message's arrival at slot k's task until that task has received it
        for (int level = 0; level < order.depth(); level++) {
            ParallelTasks.forEach(levels.start()[level], levels.start()[level + 1], j -> {
                down(order, slots[j], noise, sent, next);
                started.accept(slots[j]);
            });
        }
    }

    /** The task in slot k receives its children's reports, in the order they arrive, then reports to its parent. */
    private void up(TaskOrder order, int k, double[] ready, CpuNoise noise, double[] sent) {
        int p = ready.length;
        int i = order.task(k);
        double t = ready[k];
        int left = 2 * i + 1;
        int right = left + 1;
        if (left < p) {
            double a = sent[order.slot(left)] + hopNanos;
            double b = right < p ? sent[order.slot(right)] + hopNanos : Double.POSITIVE_INFINITY;
            t = noise.finish(k, Math.max(t, Math.min(a, b)), receiveNanos);
            if (right < p) {
                t = noise.finish(k, Math.max(t, Math.max(a, b)), receiveNanos);
            }
        }
        sent[k] = i == 0 ? t : noise.finish(k, t, sendNanos);
    }

    /**
     * The task in slot k receives the start message (the root has it once both children reported)
     * and forwards it to its children: {@code next[k]} becomes its start of the next phase, and
     * each child's the start message's arrival there.
     */
    private void down(TaskOrder order, int k, CpuNoise noise, double[] sent, double[] next) {
        int p = next.length;
        int i = order.task(k);
        double t = i == 0 ? sent[k] : noise.finish(k, next[k], receiveNanos);
        for (int child = 2 * i + 1; child <= 2 * i + 2 && child < p; child++) {
            t = noise.finish(k, t, sendNanos);
            next[order.slot(child)] = t + hopNanos;
        }
        next[k] = t;
    }
}
