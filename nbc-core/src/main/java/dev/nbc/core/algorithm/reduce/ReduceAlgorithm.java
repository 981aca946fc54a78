package dev.nbc.core.algorithm.reduce;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.BinomialTree;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/** The ways to build a reduce to one root. */
public enum ReduceAlgorithm implements Algorithm {
    /**
     * Binomial tree ({@link BinomialReduce}): rooted at the root for commutative operations,
     * ceil(log2 P) steps; for non-commutative ones rooted at rank 0, which keeps rank order, and
     * rank 0 then sends the result to the root (one step more when the root is not 0), as Open
     * MPI's and MPICH's in-order reductions do.
     */
    BINOMIAL;

    @Override
    public Collective collective() {
        return Collective.REDUCE;
    }

    /**
     * Builds rank {@code rank}'s schedule for combining {@code count} elements of {@code type} from
     * every rank with {@code op} into slot OUTPUT of {@code root}. Every rank's contribution is in
     * INPUT, except the root's when {@code inPlace} (MPI_IN_PLACE), which is in OUTPUT. Other ranks
     * have no OUTPUT.
     */
    public Schedule build(int rank, int size, int root, int count, DataType type, ReduceOp op, boolean inPlace) {
        int bytes = type.bytesFor(count);
        boolean atRoot = rank == root;
        ScheduleBuilder builder = new ScheduleBuilder(this, rank, size, root, count, type, op)
                .inputBytes(atRoot && inPlace ? 0 : bytes)
                .outputBytes(atRoot ? bytes : 0);
        int treeRoot = op.isCommutative() ? root : 0;
        BinomialTree tree = new BinomialTree(rank, size, treeRoot);
        int contribution = atRoot && inPlace ? Slots.OUTPUT : Slots.INPUT;
        // The tree's root combines into OUTPUT if it is the collective's root; a leaf, which combines
        // nothing, sends its contribution as it is; everyone else combines in scratch.
        boolean leaf = rank != treeRoot && tree.childrenSmallestFirst().isEmpty();
        int accumulator = rank == treeRoot && atRoot ? Slots.OUTPUT : leaf ? contribution : builder.scratch(bytes);
        builder.round();
        if (accumulator != contribution) {
            builder.copy(contribution, 0, accumulator, 0, bytes);
        }
        BinomialReduce.append(builder, tree, accumulator, count, bytes);
        if (treeRoot != root) {
            if (rank == treeRoot) {
                builder.round().send(accumulator, 0, bytes, root);
            } else if (atRoot) {
                builder.round().receive(Slots.OUTPUT, 0, bytes, treeRoot);
            }
        }
        return builder.build();
    }
}
