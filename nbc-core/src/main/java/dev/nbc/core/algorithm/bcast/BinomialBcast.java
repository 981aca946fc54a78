package dev.nbc.core.algorithm.bcast;

import dev.nbc.core.algorithm.BinomialTree;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Binomial-tree broadcast: receive from the parent, then send to all children at once, largest
 * subtree first. ceil(log2 P) message steps on the critical path: the algorithm of the paper's
 * equation (3).
 */
public final class BinomialBcast {
    private BinomialBcast() {
    }

    /** Appends a binomial broadcast of {@code bytes} bytes of slot {@code slot} from {@code root}. */
    public static void append(ScheduleBuilder builder, int slot, int bytes, int rank, int size, int root) {
        BinomialTree tree = new BinomialTree(rank, size, root);
        if (tree.parent() >= 0) {
            builder.round().receive(slot, 0, bytes, tree.parent());
        }
        builder.round();
        for (int child : tree.childrenLargestFirst()) {
            builder.send(slot, 0, bytes, child);
        }
    }

    static void append(ScheduleBuilder builder, int bytes, int rank, int size, int root) {
        append(builder, Slots.OUTPUT, bytes, rank, size, root);
    }
}
