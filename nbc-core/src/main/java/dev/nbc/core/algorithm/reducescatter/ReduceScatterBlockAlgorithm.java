package dev.nbc.core.algorithm.reducescatter;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;
import dev.nbc.core.schedule.Slots;

/**
 * The ways to build a reduce-scatter with equal blocks (MPI_Reduce_scatter_block): each is the
 * {@link ReduceScatterAlgorithm} of the same name for blocks that are all alike, and follows its
 * order rule.
 */
public enum ReduceScatterBlockAlgorithm implements Algorithm {
    /** Ring ({@link RingReduceScatter}): P - 1 steps of one block; commutative operations. */
    RING(ReduceScatterAlgorithm.RING),
    /** Binomial reduce to rank 0, then binomial scatter ({@link ReduceThenScatter}): keeps rank order. */
    REDUCE_SCATTER(ReduceScatterAlgorithm.REDUCE_SCATTER);

    /** The same algorithm for blocks of any size: whether operands are reordered is its to say. */
    private final ReduceScatterAlgorithm anySize;

    ReduceScatterBlockAlgorithm(ReduceScatterAlgorithm anySize) {
        this.anySize = anySize;
    }

    @Override
    public boolean reordersOperands() {
        return anySize.reordersOperands();
    }

    @Override
    public Collective collective() {
        return Collective.REDUCE_SCATTER_BLOCK;
    }

    /**
     * Builds rank {@code rank}'s schedule: every rank contributes P blocks of {@code count}
     * elements of {@code type}; rank r's OUTPUT gets block r of their combination with {@code op}.
     *
     * @param inPlace true if the contribution is in OUTPUT (P blocks; the result lands in the first)
     * @throws IllegalArgumentException if this algorithm reorders operands and {@code op} is not commutative
     */
    public Schedule build(int rank, int size, int count, DataType type, ReduceOp op, boolean inPlace) {
        checkOperation(op);
        int block = type.bytesFor(count);
        type.bytesFor((long) count * size);
        ReduceScatterShape shape = new ReduceScatterShape(rank, size, count, block, inPlace);
        ScheduleBuilder builder = new ScheduleBuilder(this, rank, size, -1, count, type, op)
                .inputBytes(inPlace ? 0 : size * block)
                .outputBytes(inPlace ? size * block : block);
        if (size == 1) {
            // One rank: its contribution is its block; no scratch, so that the collective runs within its start.
            if (!inPlace) {
                builder.round().copy(Slots.INPUT, 0, Slots.OUTPUT, 0, block);
            }
            return builder.build();
        }
        switch (this) {
            case RING -> RingReduceScatter.append(builder, rank, size, shape.layout(type), shape.contributionSlot());
            case REDUCE_SCATTER -> ReduceThenScatter.append(builder, shape);
        }
        return builder.build();
    }
}
