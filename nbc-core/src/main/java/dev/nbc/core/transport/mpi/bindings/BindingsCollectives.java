package dev.nbc.core.transport.mpi.bindings;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.transport.mpi.MpiCollectives;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiRequest;
import dev.nbc.core.transport.mpi.OwnCollective;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPIException;
import mpi.Op;

import java.nio.ByteBuffer;

/** Open MPI's own collectives through its Java bindings. MPI_IN_PLACE is not offered here (a null send is refused). */
record BindingsCollectives(Intracomm comm) implements MpiCollectives {

    @Override
    public MpiRequest start(OwnCollective c) throws MpiException {
        Arguments a = new Arguments(c);
        try {
            return new BindingsRequest(switch (c.collective()) {
                case BARRIER -> comm.iBarrier();
                case BCAST -> comm.iBcast(a.out, c.count(), a.type, c.root());
                case ALLREDUCE -> comm.iAllReduce(a.in, a.out, c.count(), a.type, a.op);
                case REDUCE -> comm.iReduce(a.in, a.out, c.count(), a.type, a.op, c.root());
                case ALLGATHER -> comm.iAllGather(a.in, c.count(), a.type, a.out, c.count(), a.type);
                case GATHER -> comm.iGather(a.in, c.count(), a.type, a.out, c.count(), a.type, c.root());
                case SCATTER -> comm.iScatter(a.in, c.count(), a.type, a.out, c.count(), a.type, c.root());
                case ALLTOALL -> comm.iAllToAll(a.in, c.count(), a.type, a.out, c.count(), a.type);
                case SCAN -> comm.iScan(a.in, a.out, c.count(), a.type, a.op);
                case EXSCAN -> comm.iExScan(a.in, a.out, c.count(), a.type, a.op);
                case REDUCE_SCATTER_BLOCK -> comm.iReduceScatterBlock(a.in, a.out, c.count(), a.type, a.op);
                case GATHERV -> comm.iGatherv(a.in, c.count(), a.type, a.out, c.receiveCounts(), c.receiveDisplacements(),
                        a.type, c.root());
                case SCATTERV -> comm.iScatterv(a.in, c.sendCounts(), c.sendDisplacements(), a.type, a.out, c.count(),
                        a.type, c.root());
                case ALLGATHERV -> comm.iAllGatherv(a.in, c.count(), a.type, a.out, c.receiveCounts(),
                        c.receiveDisplacements(), a.type);
                case ALLTOALLV -> comm.iAllToAllv(a.in, c.sendCounts(), c.sendDisplacements(), a.type, a.out,
                        c.receiveCounts(), c.receiveDisplacements(), a.type);
                case REDUCE_SCATTER -> comm.iReduceScatter(a.in, a.out, c.receiveCounts(), a.type, a.op);
                case ALLTOALLW -> comm.iAllToAllw(a.in, c.sendCounts(), c.sendDisplacements(), a.sendTypes, a.out,
                        c.receiveCounts(), c.receiveDisplacements(), a.receiveTypes);
            }, null);
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    @Override
    public void run(OwnCollective c) throws MpiException {
        Arguments a = new Arguments(c);
        try {
            switch (c.collective()) {
                case BARRIER -> comm.barrier();
                case BCAST -> comm.bcast(a.out, c.count(), a.type, c.root());
                case ALLREDUCE -> comm.allReduce(a.in, a.out, c.count(), a.type, a.op);
                case REDUCE -> comm.reduce(a.in, a.out, c.count(), a.type, a.op, c.root());
                case ALLGATHER -> comm.allGather(a.in, c.count(), a.type, a.out, c.count(), a.type);
                case GATHER -> comm.gather(a.in, c.count(), a.type, a.out, c.count(), a.type, c.root());
                case SCATTER -> comm.scatter(a.in, c.count(), a.type, a.out, c.count(), a.type, c.root());
                case ALLTOALL -> comm.allToAll(a.in, c.count(), a.type, a.out, c.count(), a.type);
                case SCAN -> comm.scan(a.in, a.out, c.count(), a.type, a.op);
                case EXSCAN -> comm.exScan(a.in, a.out, c.count(), a.type, a.op);
                case REDUCE_SCATTER_BLOCK -> comm.reduceScatterBlock(a.in, a.out, c.count(), a.type, a.op);
                case GATHERV -> comm.gatherv(a.in, c.count(), a.type, a.out, c.receiveCounts(), c.receiveDisplacements(),
                        a.type, c.root());
                case SCATTERV -> comm.scatterv(a.in, c.sendCounts(), c.sendDisplacements(), a.type, a.out, c.count(),
                        a.type, c.root());
                case ALLGATHERV -> comm.allGatherv(a.in, c.count(), a.type, a.out, c.receiveCounts(),
                        c.receiveDisplacements(), a.type);
                case ALLTOALLV -> comm.allToAllv(a.in, c.sendCounts(), c.sendDisplacements(), a.type, a.out,
                        c.receiveCounts(), c.receiveDisplacements(), a.type);
                case REDUCE_SCATTER -> comm.reduceScatter(a.in, a.out, c.receiveCounts(), a.type, a.op);
                case ALLTOALLW -> comm.allToAllw(a.in, c.sendCounts(), c.sendDisplacements(), a.sendTypes, a.out,
                        c.receiveCounts(), c.receiveDisplacements(), a.receiveTypes);
            }
        } catch (MPIException e) {
            throw BindingsMpi.error(e);
        }
    }

    /** An OwnCollective's values as the bindings take them. */
    private static final class Arguments {
        final ByteBuffer in;
        final ByteBuffer out;
        final Datatype type;
        final Op op;
        final Datatype[] sendTypes;
        final Datatype[] receiveTypes;

        Arguments(OwnCollective c) {
            if (c.send() == null && c.collective() != dev.nbc.core.schedule.Collective.BCAST
                    && c.collective() != dev.nbc.core.schedule.Collective.BARRIER) {
                throw new IllegalArgumentException("send: MPI_IN_PLACE is not offered through the bindings' collectives");
            }
            in = c.send();
            out = c.receive();
            type = c.type() == null ? null : BindingsMpi.type(c.type());
            op = c.op() == null ? null : BindingsMpi.op(c.op());
            if (c.op() != null && op == null) {
                throw new IllegalArgumentException("op: MPI has no predefined operation " + c.op());
            }
            sendTypes = types(c.sendTypes());
            receiveTypes = types(c.receiveTypes());
        }

        private static Datatype[] types(DataType[] types) {
            if (types == null) {
                return null;
            }
            Datatype[] mpi = new Datatype[types.length];
            for (int i = 0; i < types.length; i++) {
                mpi[i] = BindingsMpi.type(types[i]);
            }
            return mpi;
        }
    }
}
