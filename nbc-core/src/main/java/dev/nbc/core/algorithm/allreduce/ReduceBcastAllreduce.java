package dev.nbc.core.algorithm.allreduce;

import dev.nbc.core.algorithm.BinomialTree;
import dev.nbc.core.algorithm.bcast.BinomialBcast;
import dev.nbc.core.algorithm.reduce.BinomialReduce;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Binomial reduce to rank 0 ({@link BinomialReduce}) followed by a binomial broadcast from rank 0: the algorithm the
 * paper's equation (2) models, 2 ceil(log2 P) message steps. Rooted at 0, every subtree holds a
 * contiguous range of ranks, and a rank's children hold the ranks above its own, so combining
 * "mine op child's" keeps rank order for non-commutative operations.
 */
final class ReduceBcastAllreduce {
    private ReduceBcastAllreduce() {
    }

    static void append(ScheduleBuilder builder, AllreduceShape shape) {
        int bytes = shape.bytes();
        builder.round();
        shape.copyInputToOutput(builder);
        BinomialReduce.append(builder, new BinomialTree(shape.rank(), shape.size(), 0), Slots.OUTPUT, shape.count(), bytes);
        BinomialBcast.append(builder, Slots.OUTPUT, bytes, shape.rank(), shape.size(), 0);
    }
}
