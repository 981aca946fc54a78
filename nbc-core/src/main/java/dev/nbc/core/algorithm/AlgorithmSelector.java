package dev.nbc.core.algorithm;

import dev.nbc.core.algorithm.allgather.AllgatherAlgorithm;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.algorithm.reduce.ReduceAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterBlockAlgorithm;
import dev.nbc.core.algorithm.scan.ExscanAlgorithm;
import dev.nbc.core.algorithm.scan.ScanAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;

/**
 * Chooses an algorithm from the message size and the number of ranks, unless one is fixed.
 * Immutable; {@code with...} methods return a changed copy. The defaults:
 *
 * <ul>
 *   <li>Broadcast: binomial tree; from {@link #DEFAULT_BCAST_LARGE_BYTES} on and with at least
 *       {@link #DEFAULT_BCAST_LARGE_MIN_RANKS} ranks, scatter + allgather, which moves about 2m per
 *       rank instead of m log2 P. The pipelined chain is never chosen by default: with one segment
 *       per link in flight (rounds complete before the next starts) it lost to both at every size
 *       measured here; it stays available for networks with high per-message latency.</li>
 *   <li>Allreduce: recursive doubling (fewest steps) below {@link #DEFAULT_ALLREDUCE_RING_BYTES}
 *       ({@link #DEFAULT_ALLREDUCE_RING_BYTES_PER_RANK} per rank in smaller groups);
 *       from there on the ring for commutative operations with at least P elements (bandwidth),
 *       binomial reduce + broadcast for non-commutative ones (keeps rank order).</li>
 * </ul>
 * Measured on this project's 2-core machine, Open MPI 4.1.4 over shared memory, P = 2 and 4
 * (docs/core.md has the tables): recursive doubling was fastest up to 32 KiB at both P; the ring
 * from 256 KiB at P = 2 and from 2 MiB at P = 4, with 512 KiB between; binomial and scatter +
 * allgather broadcasts tied at 2 MiB with P = 4, so the latter is kept for larger groups. The
 * threshold scales with P below 4 ranks because the ring also costs the CPU less: at P = 2 each
 * rank combines half the message instead of all of it (overlapped with computation, the 256 KiB
 * recursive doubling cost the application 2x Open MPI's time). The
 * benchmark reports the chosen algorithm beside every measurement so these can be retuned.
 */
public final class AlgorithmSelector {
    public static final int DEFAULT_BCAST_LARGE_BYTES = 512 * 1024;
    public static final int DEFAULT_BCAST_LARGE_MIN_RANKS = 8;
    public static final int DEFAULT_SEGMENT_BYTES = 64 * 1024;
    public static final int DEFAULT_ALLREDUCE_RING_BYTES = 512 * 1024;
    public static final int DEFAULT_ALLREDUCE_RING_BYTES_PER_RANK = 128 * 1024;

    /** The ring threshold that scales with P ({@link #DEFAULT_ALLREDUCE_RING_BYTES_PER_RANK}). */
    private static final int SCALED_RING_BYTES = -1;
    private static final AlgorithmSelector DEFAULTS = new AlgorithmSelector(null, null,
            DEFAULT_BCAST_LARGE_BYTES, DEFAULT_SEGMENT_BYTES, SCALED_RING_BYTES, null);

    private final BcastAlgorithm fixedBcast;
    private final AllreduceAlgorithm fixedAllreduce;
    private final int bcastLargeBytes;
    private final int segmentBytes;
    /** Fixed by the user, or SCALED_RING_BYTES. */
    private final int allreduceRingBytes;
    /** Asked before the thresholds, or null. */
    private final AlgorithmAdvisor advisor;

    private AlgorithmSelector(BcastAlgorithm fixedBcast, AllreduceAlgorithm fixedAllreduce,
                              int bcastLargeBytes, int segmentBytes, int allreduceRingBytes, AlgorithmAdvisor advisor) {
        this.fixedBcast = fixedBcast;
        this.fixedAllreduce = fixedAllreduce;
        this.bcastLargeBytes = bcastLargeBytes;
        this.segmentBytes = segmentBytes;
        this.allreduceRingBytes = allreduceRingBytes;
        this.advisor = advisor;
    }

    public static AlgorithmSelector defaults() {
        return DEFAULTS;
    }

    /** Always use {@code algorithm} for broadcasts (null: choose by size). */
    public AlgorithmSelector withBcast(BcastAlgorithm algorithm) {
        return new AlgorithmSelector(algorithm, fixedAllreduce, bcastLargeBytes, segmentBytes, allreduceRingBytes, advisor);
    }

    /** Always use {@code algorithm} for allreduces (null: choose by size and operation). */
    public AlgorithmSelector withAllreduce(AllreduceAlgorithm algorithm) {
        return new AlgorithmSelector(fixedBcast, algorithm, bcastLargeBytes, segmentBytes, allreduceRingBytes, advisor);
    }

    /** Segment size of the pipelined broadcast. */
    public AlgorithmSelector withSegmentBytes(int bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("segmentBytes: must be >= 1, but was " + bytes);
        }
        return new AlgorithmSelector(fixedBcast, fixedAllreduce, bcastLargeBytes, bytes, allreduceRingBytes, advisor);
    }

    /** Broadcasts of at least this many bytes (with enough ranks) use scatter + allgather. */
    public AlgorithmSelector withBcastLargeBytes(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bcastLargeBytes: must be >= 0, but was " + bytes);
        }
        return new AlgorithmSelector(fixedBcast, fixedAllreduce, bytes, segmentBytes, allreduceRingBytes, advisor);
    }

    /** Allreduces of at least this many bytes use the ring (commutative operations). */
    public AlgorithmSelector withAllreduceRingBytes(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("allreduceRingBytes: must be >= 0, but was " + bytes);
        }
        return new AlgorithmSelector(fixedBcast, fixedAllreduce, bcastLargeBytes, segmentBytes, bytes, advisor);
    }

    /**
     * Asks {@code advisor} first for every collective it is given (null: the thresholds alone).
     * Algorithms fixed with {@link #withBcast} or {@link #withAllreduce} still win.
     */
    public AlgorithmSelector withAdvisor(AlgorithmAdvisor advisor) {
        return new AlgorithmSelector(fixedBcast, fixedAllreduce, bcastLargeBytes, segmentBytes, allreduceRingBytes, advisor);
    }

    /** The advisor asked before the thresholds, or null. */
    public AlgorithmAdvisor advisor() {
        return advisor;
    }

    /**
     * The algorithms that can run a call of {@code collective} with {@code op}: all of its
     * algorithms, less those that combine operands out of rank order if {@code op} is not
     * commutative ({@link Algorithm#checkOperation}). What an {@link AlgorithmAdvisor} chooses from.
     */
    public static java.util.List<Algorithm> candidates(Collective collective, ReduceOp op) {
        return Algorithms.of(collective).stream().filter(a -> keepsOrder(a, op)).toList();
    }

    /** True if {@code algorithm} is one of {@link #candidates}{@code (collective, op)}, without making the list. */
    private static boolean isCandidate(Algorithm algorithm, Collective collective, ReduceOp op) {
        return Algorithms.of(collective).contains(algorithm) && keepsOrder(algorithm, op);
    }

    /** The commutativity rule of {@link Algorithm#checkOperation}: a reordering algorithm only for a commutative operation. */
    private static boolean keepsOrder(Algorithm algorithm, ReduceOp op) {
        return !algorithm.reordersOperands() || op == null || op.isCommutative();
    }

    public int segmentBytes() {
        return segmentBytes;
    }

    public BcastAlgorithm bcast(int bytes, int size) {
        if (fixedBcast != null) {
            return fixedBcast;
        }
        return size >= DEFAULT_BCAST_LARGE_MIN_RANKS && bytes >= bcastLargeBytes
                ? BcastAlgorithm.SCATTER_ALLGATHER : BcastAlgorithm.BINOMIAL;
    }

    private int ringBytes(int size) {
        return allreduceRingBytes == SCALED_RING_BYTES
                ? (int) Math.min(DEFAULT_ALLREDUCE_RING_BYTES, (long) DEFAULT_ALLREDUCE_RING_BYTES_PER_RANK * size)
                : allreduceRingBytes;
    }

    /**
     * Results below this many bytes are gathered by Bruck's algorithm (fewest steps), larger ones
     * around the ring (largest messages per step count for less): MPICH's
     * MPIR_CVAR_ALLGATHER_SHORT_MSG_SIZE (80 KiB), not yet measured here.
     */
    public static final int DEFAULT_ALLGATHER_RING_BYTES = 80 * 1024;

    /**
     * {@code resultBytes}: the whole result, P blocks. Up to 3 ranks the ring takes as few steps as
     * Bruck's (P - 1 = ceil(log2 P)) and writes OUTPUT directly, without Bruck's final rotation
     * (at P = 2, 32 KiB: 11.0 against 15.0 µs, docs/core.md).
     */
    public AllgatherAlgorithm allgather(int resultBytes, int size) {
        return resultBytes < DEFAULT_ALLGATHER_RING_BYTES && size > 3 ? AllgatherAlgorithm.BRUCK : AllgatherAlgorithm.RING;
    }

    /**
     * Blocks of at least this many bytes are gathered and scattered linearly (one message per rank
     * to or from the root, no forwarding), smaller ones down the binomial tree (fewest steps): Open
     * MPI's tuned default for large blocks, not yet measured here.
     */
    public static final int DEFAULT_ROOTED_LINEAR_BYTES = 64 * 1024;

    /** {@code blockBytes}: one rank's block. */
    public GatherAlgorithm gather(int blockBytes, int size) {
        return blockBytes >= DEFAULT_ROOTED_LINEAR_BYTES ? GatherAlgorithm.LINEAR : GatherAlgorithm.BINOMIAL;
    }

    /** {@code blockBytes}: one rank's block. */
    public ScatterAlgorithm scatter(int blockBytes, int size) {
        return blockBytes >= DEFAULT_ROOTED_LINEAR_BYTES ? ScatterAlgorithm.LINEAR : ScatterAlgorithm.BINOMIAL;
    }

    /**
     * All-to-all blocks below this many bytes go out all at once, larger ones pairwise (one message
     * each way per step): Open MPI's tuned default switches near here; not yet measured here.
     */
    public static final int DEFAULT_ALLTOALL_PAIRWISE_BYTES = 1024;

    /** {@code blockBytes}: one block, what a rank sends to one other. */
    public AlltoallAlgorithm alltoall(int blockBytes, int size) {
        return blockBytes < DEFAULT_ALLTOALL_PAIRWISE_BYTES ? AlltoallAlgorithm.LINEAR : AlltoallAlgorithm.PAIRWISE;
    }

    /** Recursive doubling (ceil(log2 P) steps) beyond 2 ranks, where the chain is as short. */
    public ScanAlgorithm scan(int size) {
        return size <= 2 ? ScanAlgorithm.LINEAR : ScanAlgorithm.RECURSIVE_DOUBLING;
    }

    /** As {@link #scan(int)}. */
    public ExscanAlgorithm exscan(int size) {
        return size <= 2 ? ExscanAlgorithm.LINEAR : ExscanAlgorithm.RECURSIVE_DOUBLING;
    }

    /** The ring for commutative operations (each rank moves the data once); reduce + scatter keeps rank order for the others. */
    public ReduceScatterBlockAlgorithm reduceScatterBlock(ReduceOp op) {
        return op.isCommutative() ? ReduceScatterBlockAlgorithm.RING : ReduceScatterBlockAlgorithm.REDUCE_SCATTER;
    }

    /** The binomial tree, the only reduce algorithm yet; its order rule for non-commutative operations is its own. */
    public ReduceAlgorithm reduce(int bytes, int size, ReduceOp op) {
        return ReduceAlgorithm.BINOMIAL;
    }

    public AllreduceAlgorithm allreduce(int count, int bytes, int size, ReduceOp op) {
        if (fixedAllreduce != null) {
            return fixedAllreduce;
        }
        if (bytes < ringBytes(size)) {
            return AllreduceAlgorithm.RECURSIVE_DOUBLING;
        }
        return op.isCommutative() && count >= size ? AllreduceAlgorithm.RING : AllreduceAlgorithm.REDUCE_BCAST;
    }

    /**
     * The algorithm this selector picks for a collective whose blocks all hold {@code count}
     * elements of {@code type} on {@code size} ranks, as the communicator's call of that collective
     * would (the v-collectives have blocks of different sizes and are refused).
     *
     * @param op the reduction's operation; ignored by the collectives that reduce nothing
     */
    public Algorithm choose(Collective collective, int count, DataType type, int size, ReduceOp op) {
        Algorithm fixed = collective == Collective.BCAST ? fixedBcast : collective == Collective.ALLREDUCE ? fixedAllreduce : null;
        if (fixed != null) {
            return fixed;
        }
        if (advisor != null && collective.hasEqualBlocks()) {
            Algorithm advice = advisor.advise(collective, count, type, size, op);
            if (advice != null) {
                if (!isCandidate(advice, collective, op)) {
                    throw new IllegalStateException("advisor: advised " + advice.name() + " for " + collective.label()
                            + " with " + (op == null ? "no operation" : op.name()) + ", which is not one of its candidates "
                            + candidates(collective, op));
                }
                return advice;
            }
        }
        return byThresholds(collective, count, type, size, op);
    }

    /** What {@link #choose} picks without an advisor. */
    public Algorithm byThresholds(Collective collective, int count, DataType type, int size, ReduceOp op) {
        return collective.definition().byThresholds(this, count, type, size, op);
    }
}
