package dev.nbc.models.jitter;

import dev.nbc.models.simulation.CpuNoise;

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
        int p = ready.length;
        double[] sent = new double[p];
        int depth = 32 - Integer.numberOfLeadingZeros(p);   // levels 0 .. depth - 1
        for (int level = depth - 1; level >= 0; level--) {
            forLevel(level, p, i -> up(i, p, ready, noise, sent));
        }
        next[0] = sent[0];
        for (int level = 0; level < depth; level++) {
            forLevel(level, p, i -> down(i, p, noise, next));
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

    /** Task i, released at next[i], forwards the start message to its children, and then computes. */
    private void down(int i, int p, CpuNoise noise, double[] next) {
        double t = next[i];
        for (int child = 2 * i + 1; child <= 2 * i + 2 && child < p; child++) {
            t = noise.finish(i, t, sendNanos);
            next[child] = noise.finish(child, t + hopNanos, receiveNanos);
        }
        next[i] = t;
    }

    /** Tasks of a level are independent of each other: in parallel where the level is large. */
    private static void forLevel(int level, int p, java.util.function.IntConsumer task) {
        int first = (1 << level) - 1;
        int end = Math.min(p, (1 << (level + 1)) - 1);
        int chunk = 1 << 14;
        if (end - first <= chunk) {
            for (int i = first; i < end; i++) {
                task.accept(i);
            }
            return;
        }
        java.util.stream.IntStream.range(0, (end - first + chunk - 1) / chunk).parallel().forEach(c -> {
            for (int i = first + c * chunk, stop = Math.min(end, i + chunk); i < stop; i++) {
                task.accept(i);
            }
        });
    }
}
