package dev.nbc.examples.gradients;

/**
 * How one training step sums its buckets over the ranks: told of each bucket as the backward
 * pass completes it, and asked at the end of the pass for every sum, which must then be in the
 * buckets' buffers (the update may begin).
 */
public interface GradientSum {
    /** Bucket {@code bucket}'s gradients are all written. */
    void ready(int bucket);

    /** Returns when every bucket holds its sum over the ranks. */
    void complete();
}
