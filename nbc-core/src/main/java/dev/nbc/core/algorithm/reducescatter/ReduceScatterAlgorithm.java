package dev.nbc.core.algorithm.reducescatter;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.BinomialTree;
import dev.nbc.core.algorithm.BlockLayout;
import dev.nbc.core.algorithm.reduce.BinomialReduce;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/** The ways to build a reduce-scatter whose blocks may differ in size (MPI_Reduce_scatter). */
public enum ReduceScatterAlgorithm implements Algorithm {
    /** Ring ({@link RingReduceScatter}): P - 1 steps of one block; commutative operations. */
    RING {
        @Override
        public boolean reordersOperands() {
            return true;
        }
    },
    /**
     * Binomial reduce of all blocks to rank 0 (rank order kept), then rank 0 sends every rank its
     * block: for non-commutative operations.
     */
    REDUCE_SCATTER;

    @Override
    public Collective collective() {
        return Collective.REDUCE_SCATTER;
    }

    /**
     * Builds rank {@code rank}'s schedule: every rank contributes P blocks, block r of
     * {@code blocks.count(r)} elements, packed; rank r's OUTPUT gets block r of their combination.
     *
     * @param inPlace true if the contribution is in OUTPUT (all P blocks; the result lands at its start)
     * @throws IllegalArgumentException if this algorithm reorders operands and {@code op} is not commutative
     */
    public Schedule build(int rank, int size, BlockLayout blocks, DataType type, ReduceOp op, boolean inPlace) {
        checkOperation(op);
        int all = blocks.extentBytes();
        int contribution = inPlace ? Slots.OUTPUT : Slots.INPUT;
        ScheduleBuilder builder = new ScheduleBuilder(this, rank, size, -1, 0, type, op)
                .inputBytes(inPlace ? 0 : all)
                .outputBytes(inPlace ? all : blocks.bytes(rank));
        if (this == RING) {
            RingReduceScatter.append(builder, rank, size, blocks, contribution);
            return builder.build();
        }
        int accumulator = builder.scratch(all);
        builder.round().copy(contribution, 0, accumulator, 0, all);
        BinomialReduce.append(builder, new BinomialTree(rank, size, 0), accumulator, all / type.sizeInBytes(), all);
        builder.round();
        if (rank == 0) {
            builder.copy(accumulator, blocks.offset(0), Slots.OUTPUT, 0, blocks.bytes(0));
            for (int peer = 1; peer < size; peer++) {
                builder.send(accumulator, blocks.offset(peer), blocks.bytes(peer), peer);
            }
        } else {
            builder.receive(Slots.OUTPUT, 0, blocks.bytes(rank), 0);
        }
        return builder.build();
    }
}
