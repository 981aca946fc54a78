package dev.nbc.models.jitter;

import dev.nbc.models.simulation.DetourTrace;

import java.util.Arrays;

/**
 * The order in which the simulation stores and visits its tasks: task {@link #task(int) task(k)}
 * sits in slot k of every per-task array. Results do not depend on it (tasks are independent
 * within a compute phase and within a level of the tree barrier); the speed does.
 *
 * <p>Each task replays the shared trace from its own offset, so visiting the tasks by number visits
 * the trace at random. While the trace fits in a core's cache that costs nothing, and the tasks'
 * numbers are the order: their own arrays are then read front to back, and a tree barrier's parent
 * and children sit near each other. A longer trace (the {@link #CACHED_DETOURS} threshold: a
 * collected trace of an hour, a synthetic one of millions of detours) would cost a memory access,
 * and on a virtual machine a page walk besides, at every visit of every task; there the tasks are
 * numbered in the order of their offsets, so that a pass over them walks the trace front to back
 * (their places in it move by about the same time each phase), and what is left at random is a
 * tree barrier's look at a task's children in the per-task arrays, which are a fraction of the
 * trace's size (the times on traces of 85,000 and 4,000,000 detours: docs/jitter.md, "Scale").
 */
public final class TaskOrder {
    /** Detours a trace may have for the tasks to keep their own numbers: 2 x 8 bytes each, 2 MB, a core's L2 cache. */
    static final int CACHED_DETOURS = 1 << 17;

    private final int[] taskAt;
    private final int[] slotOf;
    /** {@link #treeLevels()}, once asked for. */
    private TreeLevels levels;

    private TaskOrder(int[] taskAt) {
        this.taskAt = taskAt;
        this.slotOf = new int[taskAt.length];
        for (int k = 0; k < taskAt.length; k++) {
            slotOf[taskAt[k]] = k;
        }
    }

    /** The order for tasks at {@code offsets} of {@code trace}: their numbers if it is short, their offsets' order if not. */
    static TaskOrder of(double[] offsets, DetourTrace trace) {
        return trace.detours() <= CACHED_DETOURS ? byNumber(offsets.length) : byOffset(offsets, trace.period());
    }

    /** Slot k holds task k. */
    static TaskOrder byNumber(int tasks) {
        int[] taskAt = new int[tasks];
        Arrays.setAll(taskAt, k -> k);
        return new TaskOrder(taskAt);
    }

    /** The tasks by offset in [0, period), equal ones (to 2^-39 of the period) by number. */
    static TaskOrder byOffset(double[] offsets, double period) {
        int p = offsets.length;
        if (p > 1 << 24) {
            throw new IllegalArgumentException("offsets: at most 2^24 tasks fit the sort key, but got " + p);
        }
        long[] keys = new long[p];
        double scale = Math.scalb(1.0, 39) / period;
        for (int i = 0; i < p; i++) {
            long position = Math.min((1L << 39) - 1, Math.max(0, (long) (offsets[i] * scale)));
            keys[i] = position << 24 | i;
        }
        Arrays.parallelSort(keys);
        int[] taskAt = new int[p];
        for (int k = 0; k < p; k++) {
            taskAt[k] = (int) (keys[k] & ((1 << 24) - 1));
        }
        return new TaskOrder(taskAt);
    }

    public int tasks() {
        return taskAt.length;
    }

    /** The task in slot {@code slot}. */
    public int task(int slot) {
        return taskAt[slot];
    }

    /** The slot of task {@code task}. */
    public int slot(int task) {
        return slotOf[task];
    }

    /** {@code byTask} (indexed by task) as indexed by slot, into {@code bySlot}. */
    void toSlots(double[] byTask, double[] bySlot) {
        for (int k = 0; k < bySlot.length; k++) {
            bySlot[k] = byTask[taskAt[k]];
        }
    }

    /**
     * The slots grouped by their task's level in the binary tree whose root is task 0 and whose
     * task i has children 2i + 1 and 2i + 2 (level l: tasks 2^l - 1 to 2^(l + 1) - 2), each level in
     * slot order. Built on first use.
     */
    synchronized TreeLevels treeLevels() {
        if (levels == null) {
            int p = taskAt.length;
            int depth = depth();
            int[] start = new int[depth + 1];
            for (int level = 0; level < depth; level++) {
                start[level + 1] = start[level] + Math.min(p, (1 << (level + 1)) - 1) - ((1 << level) - 1);
            }
            int[] fill = Arrays.copyOf(start, depth);
            int[] slots = new int[p];
            for (int k = 0; k < p; k++) {
                int level = 31 - Integer.numberOfLeadingZeros(taskAt[k] + 1);
                slots[fill[level]++] = k;
            }
            levels = new TreeLevels(slots, start);
        }
        return levels;
    }

    /**
     * {@link #treeLevels()}: level l's slots are {@code slots[start[l]]} to {@code slots[start[l + 1] - 1]}.
     *
     * @param slots every slot once, level by level
     * @param start where each level begins in {@code slots}, and the number of tasks last
     */
    record TreeLevels(int[] slots, int[] start) {
    }

    /** Levels of the binary tree over the tasks. */
    int depth() {
        return 32 - Integer.numberOfLeadingZeros(taskAt.length);
    }
}
