package dev.nbc.examples.gradients;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.transport.mpi.MpiCollectives;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.OwnCollective;

/**
 * The baseline an MPI application has without nbc: after the whole backward pass, the MPI
 * library's own blocking MPI_Allreduce (SUM, into the bucket's sums) per bucket, in bucket order.
 */
final class LibrarySum implements GradientSum {
    private final MpiCollectives library;
    private final GradientBuffers gradients;

    LibrarySum(MpiCollectives library, GradientBuffers gradients) {
        this.library = library;
        this.gradients = gradients;
    }

    @Override
    public void ready(int bucket) {
        // summed after the pass
    }

    @Override
    public void complete() {
        for (int b = 0; b < gradients.plan().buckets(); b++) {
            try {
                library.run(OwnCollective.of(Collective.ALLREDUCE, gradients.gradients(b), gradients.sums(b), gradients.plan().elements(b),
                        DataType.DOUBLE, ReduceOp.SUM, 0));
            } catch (MpiException e) {
                throw new IllegalStateException("MPI_Allreduce of bucket " + b + " failed: " + e.getMessage(), e);
            }
        }
    }
}
