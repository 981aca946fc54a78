package dev.nbc.core.algorithm.gather;

import dev.nbc.core.algorithm.BinomialTree;
import dev.nbc.core.algorithm.RootedBlocks;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

import java.util.List;

/**
 * Binomial gather: every rank collects its subtree's blocks (contiguous in vrank order) from its
 * children, all at once, and sends them to its parent as one message; the root rotates them into
 * rank order. ceil(log2 P) steps; a rank at vrank v moves its subtree's blocks once.
 */
final class BinomialGather {
    private BinomialGather() {
    }

    static void append(ScheduleBuilder builder, GatherShape shape) {
        int size = shape.size();
        int block = shape.blockBytes();
        BinomialTree tree = new BinomialTree(shape.rank(), size, shape.root());
        boolean atRoot = tree.parent() < 0;
        List<Integer> children = tree.childrenSmallestFirst();
        if (!atRoot && children.isEmpty()) {
            builder.round().send(Slots.INPUT, 0, block, tree.parent()); // a leaf sends its own block as it is
            return;
        }
        // The root at rank 0 gathers straight into OUTPUT, where vrank order is rank order.
        int collected = atRoot && shape.root() == 0 ? Slots.OUTPUT : builder.scratch(tree.subtreeSize() * block);
        builder.round();
        if (collected != Slots.OUTPUT || !shape.inPlace()) {
            builder.copy(shape.ownSlot(), shape.ownOffset(), collected, 0, block);
        }
        for (int child : children) {
            int childVrank = Math.floorMod(child - shape.root(), size);
            builder.receive(collected, (childVrank - tree.vrank()) * block,
                    BinomialTree.subtreeSize(childVrank, size) * block, child);
        }
        if (!atRoot) {
            builder.round().send(collected, 0, tree.subtreeSize() * block, tree.parent());
        } else if (collected != Slots.OUTPUT) {
            builder.round();
            new RootedBlocks(size, shape.root(), block).toRankOrder(builder, collected, Slots.OUTPUT);
        }
    }
}
