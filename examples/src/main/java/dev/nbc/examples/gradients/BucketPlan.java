package dev.nbc.examples.gradients;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which layers' gradients travel together, as PyTorch DDP assigns them
 * ({@code compute_bucket_assignment_by_size} in its reducer): the layers are taken in reverse
 * order, output first, since that is the order the backward pass produces their gradients; each is
 * added to the open bucket, and the bucket is closed as soon as it holds at least the cap. A layer
 * is never split, so a bucket may exceed the cap by less than one layer, and a layer larger than
 * the cap makes a bucket of its own. DDP's smaller first bucket (first_bucket_bytes) is left out:
 * every bucket has the same cap.
 *
 * <p>Bucket 0 thus holds the output layers and is ready first; bucket b is ready when its lowest
 * layer's gradient is. Within a bucket's buffer the layers lie in the order they were added
 * (descending), as DDP lays out a bucket's flat tensor.
 */
public final class BucketPlan {
    private final LayeredModel model;
    /** layers[b]: bucket b's layers, in the order they were added (descending). */
    private final int[][] layers;
    private final int[] bucketOf;
    /** Element offset of each layer inside its bucket. */
    private final int[] offsetInBucket;
    private final int[] elements;

    private BucketPlan(LayeredModel model, List<int[]> buckets) {
        this.model = model;
        this.layers = buckets.toArray(int[][]::new);
        this.bucketOf = new int[model.layers()];
        this.offsetInBucket = new int[model.layers()];
        this.elements = new int[layers.length];
        for (int b = 0; b < layers.length; b++) {
            long size = 0;
            for (int layer : layers[b]) {
                bucketOf[layer] = b;
                offsetInBucket[layer] = (int) size;
                size += model.elements(layer);
            }
            if (size * Double.BYTES > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("a bucket of " + size * Double.BYTES + " B is larger than a buffer holds"
                        + " (2 GiB); use a smaller bucket");
            }
            elements[b] = (int) size;
        }
    }

    /**
     * DDP's assignment with a cap of {@code capBytes}.
     *
     * @throws IllegalArgumentException if the cap is not positive, or a bucket would exceed 2 GiB
     */
    public static BucketPlan withCap(LayeredModel model, long capBytes) {
        if (capBytes < 1) {
            throw new IllegalArgumentException("bucket cap: must be at least 1 B, but was " + capBytes);
        }
        List<int[]> buckets = new ArrayList<>();
        List<Integer> open = new ArrayList<>();
        long openBytes = 0;
        for (int layer = model.layers() - 1; layer >= 0; layer--) {
            open.add(layer);
            openBytes += (long) model.elements(layer) * Double.BYTES;
            if (openBytes >= capBytes) {
                buckets.add(open.stream().mapToInt(Integer::intValue).toArray());
                open.clear();
                openBytes = 0;
            }
        }
        if (!open.isEmpty()) {
            buckets.add(open.stream().mapToInt(Integer::intValue).toArray());
        }
        return new BucketPlan(model, buckets);
    }

    /**
     * DDP's assignment with the cap that divides the model into {@code count} equal shares (rounded
     * up to whole bytes): {@code count} buckets when the layers fall evenly, else fewer, since
     * layers are not split.
     */
    public static BucketPlan withCount(LayeredModel model, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("buckets: must be at least 1, but was " + count);
        }
        return withCap(model, (model.bytes() + count - 1) / count);
    }

    public LayeredModel model() {
        return model;
    }

    public int buckets() {
        return layers.length;
    }

    /** Bucket {@code bucket}'s layers, in the order the backward pass finishes them. */
    public int[] layers(int bucket) {
        return layers[bucket].clone();
    }

    /** Doubles in bucket {@code bucket}. */
    public int elements(int bucket) {
        return elements[bucket];
    }

    public long bytes(int bucket) {
        return (long) elements[bucket] * Double.BYTES;
    }

    public int bucketOf(int layer) {
        return bucketOf[layer];
    }

    /** Element offset of {@code layer}'s gradient in its bucket's buffer. */
    public int offsetInBucket(int layer) {
        return offsetInBucket[layer];
    }

    /** Whether {@code layer} is the last of its bucket that the backward pass computes: then the bucket is ready. */
    public boolean completes(int layer) {
        int[] own = layers[bucketOf[layer]];
        return own[own.length - 1] == layer;
    }

    /** "25 buckets of 1.00 MiB" or "3 buckets of 0.50 to 0.75 MiB". */
    public String describe() {
        long min = Arrays.stream(elements).min().orElse(0) * (long) Double.BYTES;
        long max = Arrays.stream(elements).max().orElse(0) * (long) Double.BYTES;
        String size = min == max ? String.format(java.util.Locale.ROOT, "%.2f MiB", (double) max / LayeredModel.MIB)
                : String.format(java.util.Locale.ROOT, "%.2f to %.2f MiB", (double) min / LayeredModel.MIB, (double) max / LayeredModel.MIB);
        return buckets() + (buckets() == 1 ? " bucket of " : " buckets of ") + size;
    }
}
