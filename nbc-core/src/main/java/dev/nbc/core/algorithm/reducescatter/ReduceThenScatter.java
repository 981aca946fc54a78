package dev.nbc.core.algorithm.reducescatter;

import dev.nbc.core.algorithm.BinomialTree;
import dev.nbc.core.algorithm.reduce.BinomialReduce;
import dev.nbc.core.algorithm.scatter.BinomialScatter;
import dev.nbc.core.schedule.ScheduleBuilder;

/**
 * A binomial reduce of all P blocks to rank 0, then a binomial scatter of the result: 2 ceil(log2 P)
 * steps, and rank order kept (the tree is rooted at 0), so it serves non-commutative operations,
 * as MPICH's reduce-scatter does for them.
 */
final class ReduceThenScatter {
    private ReduceThenScatter() {
    }

    static void append(ScheduleBuilder builder, ReduceScatterShape shape) {
        int all = shape.size() * shape.blockBytes();
        int accumulator = builder.scratch(all);
        builder.round().copy(shape.contributionSlot(), 0, accumulator, 0, all);
        BinomialReduce.append(builder, new BinomialTree(shape.rank(), shape.size(), 0), accumulator,
                shape.size() * shape.count(), all);
        BinomialScatter.append(builder, shape.rank(), shape.size(), 0, shape.blockBytes(), accumulator, true);
    }
}
