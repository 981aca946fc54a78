package dev.nbc.core.algorithm.allreduce;

import dev.nbc.core.algorithm.BinomialTree;
import dev.nbc.core.algorithm.bcast.BinomialBcast;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Binomial reduce to rank 0 followed by a binomial broadcast from rank 0: the algorithm the
 * paper's equation (2) models, 2 ceil(log2 P) message steps. Rooted at 0, every subtree holds a
 * contiguous range of ranks, and a rank's children hold the ranks above its own, so combining
 * "mine op child's" keeps rank order for non-commutative operations.
 */
final class ReduceBcastAllreduce {
    private ReduceBcastAllreduce() {
    }

    static void append(ScheduleBuilder builder, AllreduceShape shape) {
        int bytes = shape.bytes();
        int incoming = builder.scratch(bytes);
        BinomialTree tree = new BinomialTree(shape.rank(), shape.size(), 0);
        builder.round();
        shape.copyInputToOutput(builder);
        boolean pendingReduction = false;
        for (int child : tree.childrenSmallestFirst()) {
            if (pendingReduction) {
                builder.round().reduce(incoming, 0, Slots.OUTPUT, 0, shape.count(), false);
            }
            builder.receive(incoming, 0, bytes, child);
            pendingReduction = true;
        }
        if (pendingReduction) {
            builder.round().reduce(incoming, 0, Slots.OUTPUT, 0, shape.count(), false);
        }
        if (tree.parent() >= 0) {
            builder.send(Slots.OUTPUT, 0, bytes, tree.parent());
        }
        BinomialBcast.append(builder, Slots.OUTPUT, bytes, shape.rank(), shape.size(), 0);
    }
}
