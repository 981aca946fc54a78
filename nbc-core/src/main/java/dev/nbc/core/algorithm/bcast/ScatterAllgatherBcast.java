package dev.nbc.core.algorithm.bcast;

import dev.nbc.core.algorithm.BinomialTree;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * Van de Geijn's broadcast for large messages: the message is cut into P blocks, scattered down
 * the binomial tree (each child gets the blocks of its subtree), then gathered by every rank around
 * a ring in P-1 steps. Each rank moves about 2m bytes whatever P is, against m log2 P on the
 * binomial tree's deepest path, at the price of P-1 more message steps.
 */
final class ScatterAllgatherBcast {
    private ScatterAllgatherBcast() {
    }

    static void append(ScheduleBuilder builder, int bytes, int rank, int size, int root) {
        int vrank = Math.floorMod(rank - root, size);
        BinomialTree tree = new BinomialTree(rank, size, root);
        // Scatter: this rank's subtree holds vranks [vrank, vrank + extent), and with them their blocks.
        if (tree.parent() >= 0) {
            builder.round().receive(Slots.OUTPUT, blockOffset(vrank, bytes, size),
                    blockOffset(vrank + tree.subtreeSize(), bytes, size) - blockOffset(vrank, bytes, size), tree.parent());
        }
        builder.round();
        for (int child : tree.childrenLargestFirst()) {
            int childVrank = Math.floorMod(child - root, size);
            int start = blockOffset(childVrank, bytes, size);
            builder.send(Slots.OUTPUT, start, blockOffset(childVrank + BinomialTree.subtreeSize(childVrank, size), bytes, size) - start, child);
        }
        // Ring allgather in vrank order: in step s send block vrank-s, receive block vrank-s-1. The
        // root has every block already, so it receives nothing and the last vrank sends it nothing:
        // the root's buffer is only ever read (it may be read-only, as MPI allows), and the ring
        // moves P-1 fewer messages.
        int right = (rank + 1) % size;
        int left = Math.floorMod(rank - 1, size);
        for (int step = 0; step < size - 1; step++) {
            if (step > 0) {
                builder.round();
            }
            if (vrank != size - 1) {
                int sent = Math.floorMod(vrank - step, size);
                builder.send(Slots.OUTPUT, blockOffset(sent, bytes, size), blockLength(sent, bytes, size), right);
            }
            if (vrank != 0) {
                int received = Math.floorMod(vrank - step - 1, size);
                builder.receive(Slots.OUTPUT, blockOffset(received, bytes, size), blockLength(received, bytes, size), left);
            }
        }
    }

    /** First byte of block {@code block} of P nearly equal blocks (block P is the end). */
    private static int blockOffset(int block, int bytes, int size) {
        return (int) ((long) block * (bytes / size) + Math.min(block, bytes % size));
    }

    private static int blockLength(int block, int bytes, int size) {
        return blockOffset(block + 1, bytes, size) - blockOffset(block, bytes, size);
    }
}
