package dev.nbc.core.algorithm;

import java.util.ArrayList;
import java.util.List;

/**
 * The binomial tree over ranks relative to a root (vrank = (rank - root) mod P): a vrank's parent is
 * the vrank with its lowest set bit cleared, its children are vrank + 2^k for every 2^k below that
 * bit. Broadcasts send down it; reductions combine up it. With root 0 every subtree is a contiguous
 * range of ranks, which is what keeps non-commutative reductions in rank order.
 */
public final class BinomialTree {
    private final int size;
    private final int root;
    private final int vrank;

    public BinomialTree(int rank, int size, int root) {
        this.size = size;
        this.root = root;
        this.vrank = Math.floorMod(rank - root, size);
    }

    /** This rank's position relative to the root: (rank - root) mod P. */
    public int vrank() {
        return vrank;
    }

    /**
     * How many ranks this rank's subtree holds (itself included): the vranks [vrank, vrank +
     * subtreeSize()), contiguous, which is what lets a gather or scatter move a subtree's blocks
     * as one message.
     */
    public int subtreeSize() {
        return subtreeSize(vrank, size);
    }

    /** The subtree size of the rank at {@code vrank} in a tree of {@code size}. */
    public static int subtreeSize(int vrank, int size) {
        int extent = vrank == 0 ? size : Integer.lowestOneBit(vrank);
        return Math.min(extent, size - vrank);
    }

    /** The parent's rank, or -1 at the root. */
    public int parent() {
        if (vrank == 0) {
            return -1;
        }
        return toRank(vrank & (vrank - 1));
    }

    /** Children's ranks, largest subtree first (the order that minimizes a broadcast's latency). */
    public List<Integer> childrenLargestFirst() {
        List<Integer> children = new ArrayList<>();
        int limit = vrank == 0 ? Integer.highestOneBit(Math.max(1, size - 1)) << 1 : Integer.lowestOneBit(vrank);
        for (int mask = limit >> 1; mask >= 1; mask >>= 1) {
            if (vrank + mask < size) {
                children.add(toRank(vrank + mask));
            }
        }
        return children;
    }

    /** Children's ranks, smallest subtree first (the order a reduction's partial results become ready). */
    public List<Integer> childrenSmallestFirst() {
        List<Integer> children = childrenLargestFirst();
        java.util.Collections.reverse(children);
        return children;
    }

    private int toRank(int v) {
        return (v + root) % size;
    }
}
