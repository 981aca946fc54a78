package dev.nbc.core.algorithm.scatter;

import dev.nbc.core.algorithm.BinomialTree;
import dev.nbc.core.algorithm.RootedBlocks;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

import java.util.List;

/**
 * Binomial scatter: the root holds every block; each rank receives its subtree's blocks
 * (contiguous in vrank order) from its parent as one message and sends each child its subtree's,
 * largest subtree first. ceil(log2 P) steps. The root only reads its buffer (which may be
 * read-only, as MPI allows): rooted at rank 0 it sends straight from it, elsewhere it first
 * rotates the blocks into vrank order in scratch.
 */
public final class BinomialScatter {
    private BinomialScatter() {
    }

    static void append(ScheduleBuilder builder, ScatterShape shape) {
        append(builder, shape.rank(), shape.size(), shape.root(), shape.blockBytes(), Slots.INPUT, !shape.inPlace());
    }

    /**
     * Appends the scatter of the P blocks (rank order) in the root's slot {@code source} to every
     * rank's OUTPUT; the root copies its own block to its OUTPUT only if {@code rootKeepsOwn}.
     */
    public static void append(ScheduleBuilder builder, int rank, int size, int root, int block, int source, boolean rootKeepsOwn) {
        BinomialTree tree = new BinomialTree(rank, size, root);
        boolean atRoot = tree.parent() < 0;
        List<Integer> children = tree.childrenLargestFirst();
        if (!atRoot && children.isEmpty()) {
            builder.round().receive(Slots.OUTPUT, 0, block, tree.parent()); // a leaf receives its own block in place
            return;
        }
        int held;
        if (atRoot) {
            held = root == 0 ? source : builder.scratch(size * block);
            builder.round();
            if (held != source) {
                new RootedBlocks(size, root, block).toVrankOrder(builder, source, held);
            }
            if (rootKeepsOwn) {
                builder.copy(source, rank * block, Slots.OUTPUT, 0, block);
            }
        } else {
            held = builder.scratch(tree.subtreeSize() * block);
            builder.round().receive(held, 0, tree.subtreeSize() * block, tree.parent());
            builder.round().copy(held, 0, Slots.OUTPUT, 0, block);
        }
        for (int child : children) {
            int childVrank = Math.floorMod(child - root, size);
            builder.send(held, (childVrank - tree.vrank()) * block, BinomialTree.subtreeSize(childVrank, size) * block, child);
        }
    }
}
