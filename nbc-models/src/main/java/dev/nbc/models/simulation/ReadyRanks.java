package dev.nbc.models.simulation;

import java.util.Arrays;

/**
 * The ranks the simulator advances in its next sweep, handed out in rank order: a bitmap over the
 * ranks (so that a dense sweep, every rank of a barrier, costs P/64 words to scan), and beside it
 * the list of ranks while they are few (so that a sparse one, the ranks a tree has just reached,
 * costs a sort of those ranks, not a scan of all P).
 */
final class ReadyRanks {
    private final long[] bits;
    private final int[] few;
    private int count;

    ReadyRanks(int size) {
        bits = new long[(size + 63) >>> 6];
        // a sort of up to one rank per 16 words is cheaper than the scan of every word
        few = new int[Math.max(16, bits.length >>> 4)];
    }

    void add(int rank) {
        long bit = 1L << rank;
        int word = rank >>> 6;
        if ((bits[word] & bit) == 0) {
            bits[word] |= bit;
            if (count < few.length) {
                few[count] = rank;
            }
            count++;
        }
    }

    boolean isEmpty() {
        return count == 0;
    }

    /** Moves the ranks into {@code into}, in rank order, and empties this set; returns how many. */
    int drainTo(int[] into) {
        int n = 0;
        if (count <= few.length) {
            Arrays.sort(few, 0, count);
            for (int i = 0; i < count; i++) {
                into[n++] = few[i];
                bits[few[i] >>> 6] = 0;
            }
        } else {
            for (int w = 0; w < bits.length; w++) {
                long word = bits[w];
                while (word != 0) {
                    into[n++] = (w << 6) + Long.numberOfTrailingZeros(word);
                    word &= word - 1;
                }
                bits[w] = 0;
            }
        }
        count = 0;
        return n;
    }
}
