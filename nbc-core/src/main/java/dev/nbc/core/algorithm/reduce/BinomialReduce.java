package dev.nbc.core.algorithm.reduce;

import dev.nbc.core.algorithm.BinomialTree;
import dev.nbc.core.schedule.ScheduleBuilder;

import java.util.List;

/**
 * Combines up a binomial tree: a rank receives its children's partial results, smallest subtree
 * first (the order they become ready), combines each into its own as "mine op child's", and sends
 * the result to its parent. ceil(log2 P) message steps. With the tree rooted at rank 0 every
 * subtree is a contiguous range of ranks above its root, so the combination keeps rank order and
 * non-commutative operations are correct; rooted elsewhere, only commutative ones are.
 */
public final class BinomialReduce {
    private BinomialReduce() {
    }

    /**
     * Appends the combination up {@code tree} into slot {@code accumulator}, which must already hold
     * this rank's contribution; the tree's root ends with the result there. A leaf only sends
     * {@code accumulator}, which may then be its contribution's own slot.
     */
    public static void append(ScheduleBuilder builder, BinomialTree tree, int accumulator, int count, int bytes) {
        List<Integer> children = tree.childrenSmallestFirst();
        int incoming = children.isEmpty() ? -1 : builder.scratch(bytes);
        boolean pendingReduction = false;
        for (int child : children) {
            if (pendingReduction) {
                builder.round().reduce(incoming, 0, accumulator, 0, count, false);
            }
            builder.receive(incoming, 0, bytes, child);
            pendingReduction = true;
        }
        if (pendingReduction) {
            builder.round().reduce(incoming, 0, accumulator, 0, count, false);
        }
        if (tree.parent() >= 0) {
            builder.send(accumulator, 0, bytes, tree.parent());
        }
    }
}
