package dev.nbc.examples.gradients;

import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.transport.mpi.MpiCollectives;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.OwnCollective;

import java.util.function.IntConsumer;

/**
 * A baseline: nothing while the backward pass runs, then one blocking allreduce (SUM, into the
 * bucket's sums) per bucket, in bucket order, through nbc or through the MPI library itself.
 */
final class SumAfterPass implements GradientSum {
    private final int buckets;
    private final IntConsumer sumOfBucket;

    private SumAfterPass(int buckets, IntConsumer sumOfBucket) {
        this.buckets = buckets;
        this.sumOfBucket = sumOfBucket;
    }

    /** nbc's blocking allreduce of each bucket. */
    static SumAfterPass throughNbc(Communicator comm, GradientBuffers gradients) {
        return new SumAfterPass(gradients.plan().buckets(), b -> comm.allreduce(gradients.gradients(b), gradients.sums(b),
                gradients.plan().elements(b), DataType.DOUBLE, ReduceOp.SUM));
    }

    /** The MPI library's own MPI_Allreduce of each bucket: the baseline an MPI application has without nbc. */
    static SumAfterPass throughLibrary(MpiCollectives library, GradientBuffers gradients) {
        return new SumAfterPass(gradients.plan().buckets(), b -> {
            try {
                library.run(OwnCollective.of(Collective.ALLREDUCE, gradients.gradients(b), gradients.sums(b),
                        gradients.plan().elements(b), DataType.DOUBLE, ReduceOp.SUM, 0));
            } catch (MpiException e) {
                throw new IllegalStateException("MPI_Allreduce of bucket " + b + " failed: " + e.getMessage(), e);
            }
        });
    }

    @Override
    public void ready(int bucket) {
        // summed after the pass
    }

    @Override
    public void complete() {
        for (int b = 0; b < buckets; b++) {
            sumOfBucket.accept(b);
        }
    }
}
