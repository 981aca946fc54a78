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
final class BinomialScatter {
    private BinomialScatter() {
    }

    static void append(ScheduleBuilder builder, ScatterShape shape) {
        int size = shape.size();
        int block = shape.blockBytes();
        BinomialTree tree = new BinomialTree(shape.rank(), size, shape.root());
        boolean atRoot = tree.parent() < 0;
        List<Integer> children = tree.childrenLargestFirst();
        if (!atRoot && children.isEmpty()) {
            builder.round().receive(Slots.OUTPUT, 0, block, tree.parent()); // a leaf receives its own block in place
            return;
        }
        int held;
        if (atRoot) {
            held = shape.root() == 0 ? Slots.INPUT : builder.scratch(size * block);
            builder.round();
            if (held != Slots.INPUT) {
                new RootedBlocks(size, shape.root(), block).toVrankOrder(builder, Slots.INPUT, held);
            }
            if (!shape.inPlace()) {
                builder.copy(Slots.INPUT, shape.rank() * block, Slots.OUTPUT, 0, block);
            }
        } else {
            held = builder.scratch(tree.subtreeSize() * block);
            builder.round().receive(held, 0, tree.subtreeSize() * block, tree.parent());
            builder.round().copy(held, 0, Slots.OUTPUT, 0, block);
        }
        for (int child : children) {
            int childVrank = Math.floorMod(child - shape.root(), size);
            builder.send(held, (childVrank - tree.vrank()) * block, BinomialTree.subtreeSize(childVrank, size) * block, child);
        }
    }
}
