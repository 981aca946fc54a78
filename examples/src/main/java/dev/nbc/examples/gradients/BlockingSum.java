package dev.nbc.examples.gradients;

import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;

/** The baseline through nbc: after the whole backward pass, one blocking allreduce (SUM, into the bucket's sums) per bucket, in bucket order. */
final class BlockingSum implements GradientSum {
    private final Communicator comm;
    private final GradientBuffers gradients;

    BlockingSum(Communicator comm, GradientBuffers gradients) {
        this.comm = comm;
        this.gradients = gradients;
    }

    @Override
    public void ready(int bucket) {
        // summed after the pass
    }

    @Override
    public void complete() {
        for (int b = 0; b < gradients.plan().buckets(); b++) {
            comm.allreduce(gradients.gradients(b), gradients.sums(b), gradients.plan().elements(b), DataType.DOUBLE, ReduceOp.SUM);
        }
    }
}
