package dev.nbc.examples.gradients;

import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.request.Request;
import dev.nbc.core.request.Requests;

/**
 * DDP's way with nbc: each bucket's {@code iallreduce} (SUM, into the bucket's sums) starts the moment the
 * bucket is ready, and nbc's progress thread carries it while the backward pass computes the
 * layers below; the step awaits them all at the end.
 */
final class OverlappedSum implements GradientSum {
    private final Communicator comm;
    private final GradientBuffers gradients;
    private final Request[] inFlight;

    OverlappedSum(Communicator comm, GradientBuffers gradients) {
        this.comm = comm;
        this.gradients = gradients;
        this.inFlight = new Request[gradients.plan().buckets()];
    }

    @Override
    public void ready(int bucket) {
        inFlight[bucket] = comm.iallreduce(gradients.gradients(bucket), gradients.sums(bucket), gradients.plan().elements(bucket), DataType.DOUBLE,
                ReduceOp.SUM);
    }

    @Override
    public void complete() {
        Requests.awaitAll(inFlight);
    }
}
