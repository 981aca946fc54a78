package dev.nbc.examples.gradients;

import dev.nbc.core.Buffers;
import dev.nbc.core.datatype.DataType;

import java.nio.ByteBuffer;

/**
 * Two direct buffers per bucket: the gradients, into which the backward pass writes each layer's
 * gradient at its place ({@link BucketPlan#offsetInBucket}), and the sums, into which the
 * allreduce writes. As in DDP, whose gradients are views of the bucket's flat tensor, no gradient
 * is copied into a bucket; unlike DDP the sum is not in place, since Open MPI's Java bindings do
 * not offer MPI_IN_PLACE, and every variant should sum alike.
 */
public final class GradientBuffers {
    private final BucketPlan plan;
    private final ByteBuffer[] buckets;
    private final ByteBuffer[] sums;

    public GradientBuffers(BucketPlan plan) {
        this.plan = plan;
        this.buckets = new ByteBuffer[plan.buckets()];
        this.sums = new ByteBuffer[plan.buckets()];
        for (int b = 0; b < buckets.length; b++) {
            buckets[b] = Buffers.allocate(plan.elements(b), DataType.DOUBLE);
            sums[b] = Buffers.allocate(plan.elements(b), DataType.DOUBLE);
        }
    }

    public BucketPlan plan() {
        return plan;
    }

    /** Bucket {@code bucket}'s gradients, this rank's. */
    public ByteBuffer gradients(int bucket) {
        return buckets[bucket];
    }

    /** Bucket {@code bucket}'s sums over the ranks. */
    public ByteBuffer sums(int bucket) {
        return sums[bucket];
    }

    /** Writes this rank's gradient of {@code layer} at {@code step}. */
    public void fill(int layer, GradientValues values, int rank, int step) {
        ByteBuffer bucket = buckets[plan.bucketOf(layer)];
        int at = plan.offsetInBucket(layer) * Double.BYTES;
        long first = plan.model().offset(layer);
        int count = plan.model().elements(layer);
        for (int i = 0; i < count; i++) {
            bucket.putDouble(at + i * Double.BYTES, values.value(rank, step, first + i));
        }
    }

    /**
     * Elements whose sum (in the sums' buffers) differs in any bit from the exact sum over {@code size} ranks at
     * {@code step} ({@link GradientValues}).
     */
    public long mismatches(GradientValues values, int size, int step) {
        long wrong = 0;
        LayeredModel model = plan.model();
        for (int layer = 0; layer < model.layers(); layer++) {
            ByteBuffer bucket = sums[plan.bucketOf(layer)];
            int at = plan.offsetInBucket(layer) * Double.BYTES;
            long first = model.offset(layer);
            for (int i = 0; i < model.elements(layer); i++) {
                long got = Double.doubleToRawLongBits(bucket.getDouble(at + i * Double.BYTES));
                if (got != Double.doubleToRawLongBits(values.sum(size, step, first + i))) {
                    wrong++;
                }
            }
        }
        return wrong;
    }

    /**
     * A 64-bit digest of every bucket's sums, their bits in model order, to compare results across ranks and
     * variants without moving them (an FNV-1a over the 64-bit words).
     */
    public long digest() {
        long h = 0xcbf29ce484222325L;
        LayeredModel model = plan.model();
        for (int layer = 0; layer < model.layers(); layer++) {
            ByteBuffer bucket = sums[plan.bucketOf(layer)];
            int at = plan.offsetInBucket(layer) * Double.BYTES;
            for (int i = 0; i < model.elements(layer); i++) {
                h = (h ^ bucket.getLong(at + i * Double.BYTES)) * 0x100000001b3L;
            }
        }
        return h;
    }
}
