package dev.nbc.core.testing.mixed;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.testing.Reference;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The collectives every rank calls, in batches, drawn from one seed: the same list on every rank,
 * which is what lets each communicator's members call them in the same order. What a rank chooses
 * alone (the order across communicators, buffers, completion) is {@link MixedCollectives}'s.
 *
 * @param batches  number of batches
 * @param maxBatch most collectives started together (all of a batch are in flight at once)
 * @param maxCount most elements of a call
 */
public record MixedPlan(int batches, int maxBatch, int maxCount) {

    /** The plan for communicators of {@code commSizes} ranks, drawn from {@code seed}. */
    public List<List<PlannedCall>> draw(long seed, int[] commSizes) {
        Random random = new Random(seed);
        List<List<PlannedCall>> plan = new ArrayList<>();
        for (int batch = 0; batch < batches; batch++) {
            int calls = random.nextInt(10) < 7 ? 1 + random.nextInt(8) : 1 + random.nextInt(maxBatch);
            List<PlannedCall> list = new ArrayList<>();
            for (int index = 0; index < calls; index++) {
                int comm = random.nextInt(commSizes.length);
                list.add(call(random, batch, index, comm, commSizes[comm]));
            }
            plan.add(list);
        }
        return plan;
    }

    private PlannedCall call(Random random, int batch, int index, int comm, int commSize) {
        int kind = random.nextInt(20);
        if (kind < 3) {
            return new PlannedCall(batch, index, comm, PlannedCall.Kind.BARRIER, 0, DataType.BYTE, null, -1, null, false,
                    random.nextLong());
        }
        int count = count(random);
        DataType type = DataType.values()[random.nextInt(DataType.values().length)];
        if (kind < 11) {
            Algorithm algorithm = random.nextInt(5) < 2 ? null : pick(random, BcastAlgorithm.values());
            return new PlannedCall(batch, index, comm, PlannedCall.Kind.BCAST, count, type, null, random.nextInt(commSize),
                    algorithm, false, random.nextLong());
        }
        if (kind >= 16) {
            // the other collectives, on the engine's default algorithms: all-gather, all-to-all
            PlannedCall.Kind other = kind < 18 ? PlannedCall.Kind.ALLGATHER : PlannedCall.Kind.ALLTOALL;
            return new PlannedCall(batch, index, comm, other, Math.min(count, maxCount / Math.max(1, commSize)), type, null,
                    -1, null, random.nextInt(10) < 3, random.nextLong());
        }
        ReduceOp op;
        if (random.nextInt(10) == 0) {
            type = DataType.LONG;
            op = Reference.MATRIX_PRODUCT;
        } else {
            List<ReduceOp> defined = new ArrayList<>();
            for (ReduceOp candidate : ReduceOp.BUILT_IN) {
                if (candidate.supports(type)) {
                    defined.add(candidate);
                }
            }
            op = defined.get(random.nextInt(defined.size()));
        }
        if (kind >= 14) {
            // a reduce to a random root, or a scan (their selector's algorithm keeps rank order)
            boolean reduce = kind == 14;
            return new PlannedCall(batch, index, comm, reduce ? PlannedCall.Kind.REDUCE : PlannedCall.Kind.SCAN, count, type, op,
                    reduce ? random.nextInt(commSize) : -1, null, random.nextInt(10) < 3, random.nextLong());
        }
        Algorithm algorithm = null;
        if (random.nextInt(5) >= 2) {
            List<AllreduceAlgorithm> usable = new ArrayList<>();
            for (AllreduceAlgorithm candidate : AllreduceAlgorithm.values()) {
                if (op.isCommutative() || !candidate.reordersOperands()) {
                    usable.add(candidate);
                }
            }
            algorithm = usable.get(random.nextInt(usable.size()));
        }
        return new PlannedCall(batch, index, comm, PlannedCall.Kind.ALLREDUCE, count, type, op, -1, algorithm,
                random.nextInt(10) < 3, random.nextLong());
    }

    /** 0 sometimes, small often, up to {@link #maxCount} log-uniformly. */
    private int count(Random random) {
        int bucket = random.nextInt(20);
        if (bucket == 0) {
            return 0;
        }
        if (bucket < 7) {
            return 1 + random.nextInt(8);
        }
        return (int) Math.min(maxCount, Math.round(Math.pow(maxCount, random.nextDouble())));
    }

    private static <T> T pick(Random random, T[] values) {
        return values[random.nextInt(values.length)];
    }
}
