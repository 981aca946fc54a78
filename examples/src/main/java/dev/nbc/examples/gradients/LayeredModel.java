package dev.nbc.examples.gradients;

/**
 * The synthetic model whose gradients are summed: {@code layers} layers of doubles, numbered from
 * the input (0) to the output (layers - 1), as equal as the total allows (the first layers take
 * one element more when it does not divide). Only the sizes matter: the backward pass's work and
 * the bytes each bucket carries are proportional to them. An element's global index (its layer's
 * offset plus its index in the layer) names its gradient value, whatever the bucketing.
 */
public final class LayeredModel {
    /** Bytes in a MiB: DDP's bucket_cap_mb counts these, and so do --model-mb and --bucket-mb. */
    public static final long MIB = 1L << 20;
    private final long[] offsets;

    private LayeredModel(long[] offsets) {
        this.offsets = offsets;
    }

    /**
     * A model of {@code elements} doubles in {@code layers} layers.
     *
     * @throws IllegalArgumentException if a layer would be empty, or larger than a direct buffer holds
     */
    public static LayeredModel of(long elements, int layers) {
        if (layers < 1) {
            throw new IllegalArgumentException("layers: must be at least 1, but was " + layers);
        }
        if (elements < layers) {
            throw new IllegalArgumentException("the model's " + elements + " doubles cannot fill " + layers
                    + " layers with at least one each");
        }
        long base = elements / layers;
        long extra = elements % layers;
        long largest = base + (extra > 0 ? 1 : 0);
        if (largest * Double.BYTES > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a layer of " + largest + " doubles is larger than a buffer holds (2 GiB); "
                    + "use more layers");
        }
        long[] offsets = new long[layers + 1];
        for (int l = 0; l < layers; l++) {
            offsets[l + 1] = offsets[l] + base + (l < extra ? 1 : 0);
        }
        return new LayeredModel(offsets);
    }

    /** The model of about {@code mib} MiB (whole doubles) in {@code layers} layers; as {@link #of(long, int)}. */
    public static LayeredModel ofMib(double mib, int layers) {
        return of((long) (mib * MIB / Double.BYTES), layers);
    }

    public int layers() {
        return offsets.length - 1;
    }

    /** Doubles in layer {@code layer}. */
    public int elements(int layer) {
        return (int) (offsets[layer + 1] - offsets[layer]);
    }

    /** Global index of layer {@code layer}'s first element. */
    public long offset(int layer) {
        return offsets[layer];
    }

    /** Doubles in the whole model. */
    public long elements() {
        return offsets[offsets.length - 1];
    }

    public long bytes() {
        return elements() * Double.BYTES;
    }
}
