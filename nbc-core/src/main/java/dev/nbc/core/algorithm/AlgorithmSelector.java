package dev.nbc.core.algorithm;

import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.ReduceOp;

/**
 * Chooses an algorithm from the message size and the number of ranks, unless one is fixed.
 * Immutable; {@code with...} methods return a changed copy. The defaults:
 *
 * <ul>
 *   <li>Broadcast: binomial below {@link #DEFAULT_BCAST_PIPELINE_BYTES} or for P &lt;= 2 (a chain of
 *       two ranks gains nothing from segments); from there on the segmented pipelined chain with
 *       {@link #DEFAULT_SEGMENT_BYTES} segments.</li>
 *   <li>Allreduce: recursive doubling below {@link #DEFAULT_ALLREDUCE_RING_BYTES} (fewest steps);
 *       from there on the ring for commutative operations with at least P elements (bandwidth),
 *       binomial reduce + broadcast for non-commutative ones (keeps rank order with P-independent
 *       memory traffic per rank).</li>
 * </ul>
 * The thresholds are starting points measured on shared memory with 2 to 4 ranks; the benchmark
 * reports the chosen algorithm beside every measurement so they can be retuned.
 */
public final class AlgorithmSelector {
    public static final int DEFAULT_BCAST_PIPELINE_BYTES = 256 * 1024;
    public static final int DEFAULT_SEGMENT_BYTES = 64 * 1024;
    public static final int DEFAULT_ALLREDUCE_RING_BYTES = 64 * 1024;

    private static final AlgorithmSelector DEFAULTS = new AlgorithmSelector(null, null,
            DEFAULT_BCAST_PIPELINE_BYTES, DEFAULT_SEGMENT_BYTES, DEFAULT_ALLREDUCE_RING_BYTES);

    private final BcastAlgorithm fixedBcast;
    private final AllreduceAlgorithm fixedAllreduce;
    private final int bcastPipelineBytes;
    private final int segmentBytes;
    private final int allreduceRingBytes;

    private AlgorithmSelector(BcastAlgorithm fixedBcast, AllreduceAlgorithm fixedAllreduce,
                              int bcastPipelineBytes, int segmentBytes, int allreduceRingBytes) {
        this.fixedBcast = fixedBcast;
        this.fixedAllreduce = fixedAllreduce;
        this.bcastPipelineBytes = bcastPipelineBytes;
        this.segmentBytes = segmentBytes;
        this.allreduceRingBytes = allreduceRingBytes;
    }

    public static AlgorithmSelector defaults() {
        return DEFAULTS;
    }

    /** Always use {@code algorithm} for broadcasts (null: choose by size). */
    public AlgorithmSelector withBcast(BcastAlgorithm algorithm) {
        return new AlgorithmSelector(algorithm, fixedAllreduce, bcastPipelineBytes, segmentBytes, allreduceRingBytes);
    }

    /** Always use {@code algorithm} for allreduces (null: choose by size and operation). */
    public AlgorithmSelector withAllreduce(AllreduceAlgorithm algorithm) {
        return new AlgorithmSelector(fixedBcast, algorithm, bcastPipelineBytes, segmentBytes, allreduceRingBytes);
    }

    /** Segment size of the pipelined broadcast. */
    public AlgorithmSelector withSegmentBytes(int bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("segmentBytes: must be >= 1, but was " + bytes);
        }
        return new AlgorithmSelector(fixedBcast, fixedAllreduce, bcastPipelineBytes, bytes, allreduceRingBytes);
    }

    /** Broadcasts of at least this many bytes (with P >= 3) use the pipelined chain. */
    public AlgorithmSelector withBcastPipelineBytes(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bcastPipelineBytes: must be >= 0, but was " + bytes);
        }
        return new AlgorithmSelector(fixedBcast, fixedAllreduce, bytes, segmentBytes, allreduceRingBytes);
    }

    /** Allreduces of at least this many bytes use the ring (commutative operations). */
    public AlgorithmSelector withAllreduceRingBytes(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("allreduceRingBytes: must be >= 0, but was " + bytes);
        }
        return new AlgorithmSelector(fixedBcast, fixedAllreduce, bcastPipelineBytes, segmentBytes, bytes);
    }

    public int segmentBytes() {
        return segmentBytes;
    }

    public BcastAlgorithm bcast(int bytes, int size) {
        if (fixedBcast != null) {
            return fixedBcast;
        }
        return size >= 3 && bytes >= bcastPipelineBytes ? BcastAlgorithm.PIPELINED_CHAIN : BcastAlgorithm.BINOMIAL;
    }

    public AllreduceAlgorithm allreduce(int count, int bytes, int size, ReduceOp op) {
        if (fixedAllreduce != null) {
            return fixedAllreduce;
        }
        if (bytes < allreduceRingBytes) {
            return AllreduceAlgorithm.RECURSIVE_DOUBLING;
        }
        return op.isCommutative() && count >= size ? AllreduceAlgorithm.RING : AllreduceAlgorithm.REDUCE_BCAST;
    }
}
