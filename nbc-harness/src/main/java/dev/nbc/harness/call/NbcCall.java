package dev.nbc.harness.call;

import dev.nbc.core.Communicator;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.allgather.AllgatherAlgorithm;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallvAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.reduce.ReduceAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterBlockAlgorithm;
import dev.nbc.core.algorithm.scan.ExscanAlgorithm;
import dev.nbc.core.algorithm.scan.ScanAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Collective;

import java.nio.ByteBuffer;
import java.util.Optional;

/** nbc's collective on a communicator: the one place where a {@link Collective} becomes {@code comm.iXxx}. */
public final class NbcCall implements CollectiveCall {
    private static final DataType TYPE = DataType.DOUBLE;
    private static final ReduceOp OP = ReduceOp.SUM;
    private static final int ROOT = 0;

    private final Communicator comm;
    private final Collective collective;
    private final int count;
    private final Algorithm algorithm;
    private final ByteBuffer in;
    private final ByteBuffer out;
    /** The v-collectives' counts and displacements: every rank's count alike. */
    private final int[] counts;
    private final int[] displacements;
    /**
     * The last request started, whose algorithm the report names. Kept unconditionally: a
     * "first start only" branch was a trap for the JIT (never taken while it compiled start(), then
     * taken by every new point's first start: deoptimization, and start() compiled again by C2 in
     * the middle of the next timed loop, 70 ms of a busy core's time).
     */
    private Request last;

    /**
     * @param bytes     a rank's block ({@link Collective#count})
     * @param algorithm one of {@code collective}'s algorithms, the same on every rank; null: the selector's choice
     */
    public NbcCall(Communicator comm, Collective collective, int bytes, Algorithm algorithm) {
        CallBuffers.checkSupported(collective);
        if (algorithm != null && algorithm.collective() != collective) {
            throw new IllegalArgumentException("algorithm: " + algorithm.name() + " is a " + algorithm.collective().label()
                    + " algorithm, not a " + collective.label() + " one");
        }
        this.comm = comm;
        this.collective = collective;
        this.count = collective.count(bytes, TYPE);
        this.algorithm = algorithm;
        CallBuffers buffers = CallBuffers.of(collective, count, comm.size());
        this.in = buffers.in();
        this.out = buffers.out();
        this.counts = buffers.counts();
        this.displacements = buffers.displacements();
    }

    @Override
    public Collective collective() {
        return collective;
    }

    @Override
    public int bytes() {
        return TYPE.bytesFor(count);
    }

    /** Starts the collective: nbc's request. */
    public Request request() {
        Request r = switch (collective) {
            case BARRIER -> comm.ibarrier();
            case BCAST -> comm.ibcast(out, count, TYPE, ROOT, (BcastAlgorithm) algorithm);
            case ALLREDUCE -> comm.iallreduce(in, out, count, TYPE, OP, (AllreduceAlgorithm) algorithm);
            case REDUCE -> comm.ireduce(in, out, count, TYPE, OP, ROOT, (ReduceAlgorithm) algorithm);
            case ALLGATHER -> comm.iallgather(in, out, count, TYPE, (AllgatherAlgorithm) algorithm);
            case GATHER -> comm.igather(in, out, count, TYPE, ROOT, (GatherAlgorithm) algorithm);
            case SCATTER -> comm.iscatter(in, out, count, TYPE, ROOT, (ScatterAlgorithm) algorithm);
            case ALLTOALL -> comm.ialltoall(in, out, count, TYPE, (AlltoallAlgorithm) algorithm);
            case SCAN -> comm.iscan(in, out, count, TYPE, OP, (ScanAlgorithm) algorithm);
            case EXSCAN -> comm.iexscan(in, out, count, TYPE, OP, (ExscanAlgorithm) algorithm);
            case REDUCE_SCATTER_BLOCK -> comm.ireduceScatterBlock(in, out, count, TYPE, OP, (ReduceScatterBlockAlgorithm) algorithm);
            // gatherv, scatterv and allgatherv have one algorithm each, which the communicator always takes
            case GATHERV -> comm.igatherv(in, count, out, counts, displacements, TYPE, ROOT);
            case SCATTERV -> comm.iscatterv(in, counts, displacements, out, count, TYPE, ROOT);
            case ALLGATHERV -> comm.iallgatherv(in, count, out, counts, displacements, TYPE);
            case ALLTOALLV -> comm.ialltoallv(in, counts, displacements, out, counts, displacements, TYPE, (AlltoallvAlgorithm) algorithm);
            case REDUCE_SCATTER -> comm.ireduceScatter(in, out, counts, TYPE, OP, (ReduceScatterAlgorithm) algorithm);
        };
        last = r;
        return r;
    }

    @Override
    public Started start() {
        Request r = request();
        return new Started() {
            @Override
            public boolean test() {
                return r.test();
            }

            @Override
            public void await() {
                r.await();
            }
        };
    }

    @Override
    public void blocking() {
        request().await();
    }

    @Override
    public String algorithm() {
        return last == null ? "?" : last.algorithm().name();
    }

    @Override
    public Optional<ProgressEngine> engine() {
        return Optional.of(comm.engine());
    }
}
