package dev.nbc.core.algorithm;

import dev.nbc.core.schedule.ScheduleBuilder;

/**
 * The P blocks of a rooted gather or scatter, laid out two ways: in rank order in the root's
 * buffer, and in the binomial tree's vrank order (vrank v = (rank - root) mod P) in a scratch
 * buffer, where every subtree's blocks are contiguous. Converting between them is a rotation by
 * the root: two copies.
 */
public record RootedBlocks(int size, int root, int blockBytes) {

    /** Copies blocks in rank order at {@code rankOrdered} into vrank order at {@code vrankOrdered}. */
    public void toVrankOrder(ScheduleBuilder builder, int rankOrdered, int vrankOrdered) {
        rotate(builder, rankOrdered, root, vrankOrdered);
    }

    /** Copies blocks in vrank order at {@code vrankOrdered} into rank order at {@code rankOrdered}. */
    public void toRankOrder(ScheduleBuilder builder, int vrankOrdered, int rankOrdered) {
        rotate(builder, vrankOrdered, size - root, rankOrdered);
    }

    /** Target block i = source block (i + shift) mod P, as at most two copies into the current round. */
    private void rotate(ScheduleBuilder builder, int source, int shift, int target) {
        int from = shift % size;
        int tail = size - from;
        builder.copy(source, from * blockBytes, target, 0, tail * blockBytes);
        if (from > 0) {
            builder.copy(source, 0, target, tail * blockBytes, from * blockBytes);
        }
    }
}
