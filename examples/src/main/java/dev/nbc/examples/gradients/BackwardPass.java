package dev.nbc.examples.gradients;

import dev.nbc.models.assessment.measure.FixedWork;

import java.util.function.IntConsumer;

/**
 * One rank's synthetic backward pass: layer by layer from the output (layers - 1) to the input
 * (0), each layer's arithmetic ({@link FixedWork}, in proportion to its size) and then its gradient
 * written into its bucket ({@link GradientBuffers#fill}); when a layer completes its bucket, the
 * bucket is handed on, as DDP's autograd hook does, so that its sum can start while the remaining
 * layers are computed.
 */
public final class BackwardPass {
    private final GradientBuffers gradients;
    private final GradientValues values;
    private final int rank;
    private final long[] unitsPerLayer;

    /**
     * @param unitsPerElement the arithmetic per gradient element, in {@link FixedWork} units: the
     *                        compute of the pass besides writing the gradients
     */
    public BackwardPass(GradientBuffers gradients, GradientValues values, int rank, double unitsPerElement) {
        if (!(unitsPerElement >= 0) || Double.isInfinite(unitsPerElement)) {
            throw new IllegalArgumentException("unitsPerElement: must be a finite number of at least 0, but was " + unitsPerElement);
        }
        this.gradients = gradients;
        this.values = values;
        this.rank = rank;
        LayeredModel model = gradients.plan().model();
        this.unitsPerLayer = new long[model.layers()];
        for (int layer = 0; layer < unitsPerLayer.length; layer++) {
            unitsPerLayer[layer] = Math.round(unitsPerElement * model.elements(layer));
        }
    }

    /** Runs the pass for {@code step}; {@code bucketReady} gets each bucket as its last layer is done, in bucket order. */
    public void run(int step, IntConsumer bucketReady) {
        BucketPlan plan = gradients.plan();
        for (int layer = unitsPerLayer.length - 1; layer >= 0; layer--) {
            FixedWork.run(unitsPerLayer[layer]);
            gradients.fill(layer, values, rank, step);
            if (plan.completes(layer)) {
                bucketReady.accept(plan.bucketOf(layer));
            }
        }
    }
}
