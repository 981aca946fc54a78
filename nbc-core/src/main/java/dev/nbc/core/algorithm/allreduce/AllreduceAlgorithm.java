package dev.nbc.core.algorithm.allreduce;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.schedule.Schedule;
import dev.nbc.core.schedule.ScheduleBuilder;

/** The ways to build an allreduce. */
public enum AllreduceAlgorithm implements Algorithm {
    /** Binomial reduce + binomial broadcast ({@link ReduceBcastAllreduce}); the paper's equation (2). */
    REDUCE_BCAST,
    /** Recursive doubling ({@link RecursiveDoublingAllreduce}); fewest steps, for small messages. */
    RECURSIVE_DOUBLING,
    /** Ring reduce-scatter + allgather ({@link RingAllreduce}); for large messages, commutative operations. */
    RING {
        @Override
        public boolean reordersOperands() {
            return true;
        }
    },
    /** Rabenseifner: recursive-halving reduce-scatter + recursive-doubling allgather ({@link RabenseifnerAllreduce}). */
    RABENSEIFNER {
        @Override
        public boolean reordersOperands() {
            return true;
        }
    };

    @Override
    public Collective collective() {
        return Collective.ALLREDUCE;
    }

    /**
     * Builds rank {@code rank}'s schedule for combining {@code count} elements of {@code type} from
     * every rank with {@code op}; the result lands in slot OUTPUT of every rank.
     *
     * @param inPlace true if the contribution is already in OUTPUT (MPI_IN_PLACE); else it is read from INPUT
     * @throws IllegalArgumentException if this algorithm reorders operands and {@code op} is not commutative
     */
    public Schedule build(int rank, int size, int count, DataType type, ReduceOp op, boolean inPlace) {
        checkOperation(op);
        AllreduceShape shape = new AllreduceShape(rank, size, count, type, inPlace);
        ScheduleBuilder builder = new ScheduleBuilder(this, rank, size, -1, count, type, op)
                .inputBytes(inPlace ? 0 : shape.bytes())
                .outputBytes(shape.bytes());
        switch (this) {
            case REDUCE_BCAST -> ReduceBcastAllreduce.append(builder, shape);
            case RECURSIVE_DOUBLING -> RecursiveDoublingAllreduce.append(builder, shape);
            case RING -> RingAllreduce.append(builder, shape);
            case RABENSEIFNER -> RabenseifnerAllreduce.append(builder, shape);
        }
        return builder.build();
    }
}
