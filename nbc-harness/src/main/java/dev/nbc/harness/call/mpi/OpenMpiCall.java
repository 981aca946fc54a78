package dev.nbc.harness.call.mpi;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.schedule.Collective;
import dev.nbc.harness.call.CallBuffers;
import dev.nbc.harness.call.CollectiveCall;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Open MPI's own collective on a group's communicator, through its Java bindings: the same
 * collective, block and buffers as {@link dev.nbc.harness.call.NbcCall}'s (doubles, root 0, SUM).
 */
public final class OpenMpiCall implements CollectiveCall {
    private static final int ROOT = 0;

    private final Intracomm comm;
    private final Collective collective;
    private final int count;
    private final ByteBuffer in;
    private final ByteBuffer out;
    private final int[] counts;
    private final int[] displacements;
    /** Alltoallw's displacements, in bytes, and its types: the same blocks of doubles as alltoallv's. */
    private final int[] byteDisplacements;
    private final Datatype[] types;

    public OpenMpiCall(Intracomm comm, Collective collective, int bytes) {
        CallBuffers.checkSupported(collective);
        this.comm = comm;
        this.collective = collective;
        this.count = collective.count(bytes, DataType.DOUBLE);
        try {
            CallBuffers buffers = CallBuffers.of(collective, count, comm.getSize());
            this.in = buffers.in();
            this.out = buffers.out();
            this.counts = buffers.counts();
            this.displacements = buffers.displacements();
            this.byteDisplacements = java.util.Arrays.stream(displacements).map(d -> d * Double.BYTES).toArray();
            this.types = new Datatype[counts.length];
            java.util.Arrays.fill(types, MPI.DOUBLE);
        } catch (MPIException e) {
            throw failed(e);
        }
    }

    @Override
    public Collective collective() {
        return collective;
    }

    @Override
    public int bytes() {
        return DataType.DOUBLE.bytesFor(count);
    }

    @Override
    public Started start() {
        Request request;
        try {
            request = switch (collective) {
                case BARRIER -> comm.iBarrier();
                case BCAST -> comm.iBcast(out, count, MPI.DOUBLE, ROOT);
                case ALLREDUCE -> comm.iAllReduce(in, out, count, MPI.DOUBLE, MPI.SUM);
                case REDUCE -> comm.iReduce(in, out, count, MPI.DOUBLE, MPI.SUM, ROOT);
                case ALLGATHER -> comm.iAllGather(in, count, MPI.DOUBLE, out, count, MPI.DOUBLE);
                case GATHER -> comm.iGather(in, count, MPI.DOUBLE, out, count, MPI.DOUBLE, ROOT);
                case SCATTER -> comm.iScatter(in, count, MPI.DOUBLE, out, count, MPI.DOUBLE, ROOT);
                case ALLTOALL -> comm.iAllToAll(in, count, MPI.DOUBLE, out, count, MPI.DOUBLE);
                case SCAN -> comm.iScan(in, out, count, MPI.DOUBLE, MPI.SUM);
                case EXSCAN -> comm.iExScan(in, out, count, MPI.DOUBLE, MPI.SUM);
                case REDUCE_SCATTER_BLOCK -> comm.iReduceScatterBlock(in, out, count, MPI.DOUBLE, MPI.SUM);
                case GATHERV -> comm.iGatherv(in, count, MPI.DOUBLE, out, counts, displacements, MPI.DOUBLE, ROOT);
                case SCATTERV -> comm.iScatterv(in, counts, displacements, MPI.DOUBLE, out, count, MPI.DOUBLE, ROOT);
                case ALLGATHERV -> comm.iAllGatherv(in, count, MPI.DOUBLE, out, counts, displacements, MPI.DOUBLE);
                case ALLTOALLV -> comm.iAllToAllv(in, counts, displacements, MPI.DOUBLE, out, counts, displacements, MPI.DOUBLE);
                case REDUCE_SCATTER -> comm.iReduceScatter(in, out, counts, MPI.DOUBLE, MPI.SUM);
                case ALLTOALLW -> comm.iAllToAllw(in, counts, byteDisplacements, types, out, counts, byteDisplacements, types);
            };
        } catch (MPIException e) {
            throw failed(e);
        }
        return new Started() {
            @Override
            public boolean test() {
                try {
                    return request.test();
                } catch (MPIException e) {
                    throw failed(e);
                }
            }

            @Override
            public void await() {
                try {
                    request.waitFor();
                } catch (MPIException e) {
                    throw failed(e);
                }
            }
        };
    }

    /** Open MPI's blocking collective (its own algorithms for it, which may differ from the non-blocking one's). */
    @Override
    public void blocking() {
        try {
            switch (collective) {
                case BARRIER -> comm.barrier();
                case BCAST -> comm.bcast(out, count, MPI.DOUBLE, ROOT);
                case ALLREDUCE -> comm.allReduce(in, out, count, MPI.DOUBLE, MPI.SUM);
                case REDUCE -> comm.reduce(in, out, count, MPI.DOUBLE, MPI.SUM, ROOT);
                case ALLGATHER -> comm.allGather(in, count, MPI.DOUBLE, out, count, MPI.DOUBLE);
                case GATHER -> comm.gather(in, count, MPI.DOUBLE, out, count, MPI.DOUBLE, ROOT);
                case SCATTER -> comm.scatter(in, count, MPI.DOUBLE, out, count, MPI.DOUBLE, ROOT);
                case ALLTOALL -> comm.allToAll(in, count, MPI.DOUBLE, out, count, MPI.DOUBLE);
                case SCAN -> comm.scan(in, out, count, MPI.DOUBLE, MPI.SUM);
                case EXSCAN -> comm.exScan(in, out, count, MPI.DOUBLE, MPI.SUM);
                case REDUCE_SCATTER_BLOCK -> comm.reduceScatterBlock(in, out, count, MPI.DOUBLE, MPI.SUM);
                case GATHERV -> comm.gatherv(in, count, MPI.DOUBLE, out, counts, displacements, MPI.DOUBLE, ROOT);
                case SCATTERV -> comm.scatterv(in, counts, displacements, MPI.DOUBLE, out, count, MPI.DOUBLE, ROOT);
                case ALLGATHERV -> comm.allGatherv(in, count, MPI.DOUBLE, out, counts, displacements, MPI.DOUBLE);
                case ALLTOALLV -> comm.allToAllv(in, counts, displacements, MPI.DOUBLE, out, counts, displacements, MPI.DOUBLE);
                case REDUCE_SCATTER -> comm.reduceScatter(in, out, counts, MPI.DOUBLE, MPI.SUM);
                case ALLTOALLW -> comm.allToAllw(in, counts, byteDisplacements, types, out, counts, byteDisplacements, types);
                default -> throw new IllegalStateException("unsupported collective " + collective);
            }
        } catch (MPIException e) {
            throw failed(e);
        }
    }

    @Override
    public String algorithm() {
        return "ompi-internal";
    }

    @Override
    public Optional<ProgressEngine> engine() {
        return Optional.empty();
    }

    private static IllegalStateException failed(MPIException e) {
        return new IllegalStateException("Open MPI collective failed: " + e.getMessage(), e);
    }
}
