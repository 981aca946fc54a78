package dev.nbc.harness.call.mpi;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.transport.mpi.MpiCollectives;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiRequest;
import dev.nbc.core.transport.mpi.OwnCollective;
import dev.nbc.harness.call.CallBuffers;
import dev.nbc.harness.call.CollectiveCall;

import java.util.Arrays;
import java.util.Optional;

/**
 * The MPI library's own collective on a group's communicator (Open MPI's or MPICH's, through
 * whichever way nbc reaches MPI): the same collective, block and buffers as
 * {@link dev.nbc.harness.call.NbcCall}'s (doubles, root 0, SUM).
 */
public final class OwnMpiCall implements CollectiveCall {
    private static final int ROOT = 0;

    private final MpiCollectives library;
    private final String algorithm;
    private final OwnCollective call;

    public OwnMpiCall(MpiComm comm, Collective collective, int bytes) {
        CallBuffers.checkSupported(collective);
        this.library = comm.collectives();
        this.algorithm = comm.mpi().implementation() + "-internal";
        int count = collective.count(bytes, DataType.DOUBLE);
        CallBuffers buffers = CallBuffers.of(collective, count, comm.size());
        int[] counts = buffers.counts();
        int[] displacements = buffers.displacements();
        boolean alltoallw = collective == Collective.ALLTOALLW;
        // Alltoallw's displacements are in bytes, its types one per rank: the same blocks of doubles as alltoallv's.
        int[] blockDisplacements = alltoallw && displacements != null
                ? Arrays.stream(displacements).map(d -> d * Double.BYTES).toArray() : displacements;
        DataType[] types = alltoallw ? filled(counts.length) : null;
        this.call = new OwnCollective(collective, buffers.in(), buffers.out(), count, DataType.DOUBLE, ReduceOp.SUM, ROOT,
                counts, blockDisplacements, types, counts, blockDisplacements, types);
    }

    private static DataType[] filled(int n) {
        DataType[] types = new DataType[n];
        Arrays.fill(types, DataType.DOUBLE);
        return types;
    }

    @Override
    public Collective collective() {
        return call.collective();
    }

    @Override
    public int bytes() {
        return DataType.DOUBLE.bytesFor(call.count());
    }

    @Override
    public Started start() {
        MpiRequest request;
        try {
            request = library.start(call);
        } catch (MpiException e) {
            throw failed(e);
        }
        return new Started() {
            @Override
            public boolean test() {
                try {
                    return request.test();
                } catch (MpiException e) {
                    throw failed(e);
                }
            }

            @Override
            public void await() {
                try {
                    request.await();
                } catch (MpiException e) {
                    throw failed(e);
                }
            }
        };
    }

    /** The library's blocking collective (its own algorithms for it, which may differ from the non-blocking one's). */
    @Override
    public void blocking() {
        try {
            library.run(call);
        } catch (MpiException e) {
            throw failed(e);
        }
    }

    @Override
    public String algorithm() {
        return algorithm;
    }

    @Override
    public Optional<ProgressEngine> engine() {
        return Optional.empty();
    }

    private static IllegalStateException failed(MpiException e) {
        return new IllegalStateException("the MPI library's own collective failed: " + e.describe(), e);
    }
}
