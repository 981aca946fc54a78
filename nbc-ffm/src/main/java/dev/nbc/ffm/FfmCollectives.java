package dev.nbc.ffm;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.transport.mpi.MpiCollectives;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiRequest;
import dev.nbc.core.transport.mpi.OwnCollective;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The library's own collectives through FFM. The count, displacement and type arrays a
 * v-collective reads are copied into native memory that the request holds until it completes,
 * as MPI requires of a non-blocking collective's arguments.
 */
record FfmCollectives(FfmComm comm) implements MpiCollectives {

    @Override
    public MpiRequest start(OwnCollective call) throws MpiException {
        return call(call, false);
    }

    @Override
    public void run(OwnCollective call) throws MpiException {
        call(call, true);
    }

    private FfmRequest call(OwnCollective c, boolean blocking) throws MpiException {
        Scratch scratch = Scratch.get();
        long request = scratch.address + Scratch.HANDLE;
        long comm = this.comm.handle();
        long in = FfmMpi.addressOrInPlace(c.send());
        long out = c.receive() == null ? 0 : FfmMpi.address(c.receive(), 0);
        long type = c.type() == null ? Library.BYTE : FfmMpi.type(c.type());
        long op = 0;
        if (c.op() != null) {
            Long predefined = FfmMpi.op(c.op());
            if (predefined == null) {
                throw new IllegalArgumentException("op: MPI has no predefined operation " + c.op());
            }
            op = predefined;
        }
        int count = c.count();
        int root = c.root();
        // Native arrays only for the collectives that take them: an automatic arena costs a
        // microsecond to make (its cleaner), more than a small collective itself.
        boolean arrays = switch (c.collective()) {
            case GATHERV, SCATTERV, ALLGATHERV, ALLTOALLV, ALLTOALLW, REDUCE_SCATTER -> true;
            default -> false;
        };
        Arena arena = arrays ? Arena.ofAuto() : null;
        long sendCounts = arrays ? ints(arena, c.sendCounts()) : 0;
        long sendDispls = arrays ? ints(arena, c.sendDisplacements()) : 0;
        long receiveCounts = arrays ? ints(arena, c.receiveCounts()) : 0;
        long receiveDispls = arrays ? ints(arena, c.receiveDisplacements()) : 0;
        long sendTypes = arrays ? types(arena, c.sendTypes()) : 0;
        long receiveTypes = arrays ? types(arena, c.receiveTypes()) : 0;
        int code;
        try {
            code = switch (c.collective()) {
                case BARRIER -> blocking ? (int) Library.BARRIER.invokeExact(comm)
                        : (int) Library.IBARRIER.invokeExact(comm, request);
                case BCAST -> blocking ? (int) Library.BCAST.invokeExact(out, count, type, root, comm)
                        : (int) Library.IBCAST.invokeExact(out, count, type, root, comm, request);
                case ALLREDUCE -> blocking ? (int) Library.ALLREDUCE.invokeExact(in, out, count, type, op, comm)
                        : (int) Library.IALLREDUCE.invokeExact(in, out, count, type, op, comm, request);
                case REDUCE -> blocking ? (int) Library.REDUCE.invokeExact(in, out, count, type, op, root, comm)
                        : (int) Library.IREDUCE.invokeExact(in, out, count, type, op, root, comm, request);
                case SCAN -> blocking ? (int) Library.SCAN.invokeExact(in, out, count, type, op, comm)
                        : (int) Library.ISCAN.invokeExact(in, out, count, type, op, comm, request);
                case EXSCAN -> blocking ? (int) Library.EXSCAN.invokeExact(in, out, count, type, op, comm)
                        : (int) Library.IEXSCAN.invokeExact(in, out, count, type, op, comm, request);
                case REDUCE_SCATTER_BLOCK -> blocking
                        ? (int) Library.REDUCE_SCATTER_BLOCK.invokeExact(in, out, count, type, op, comm)
                        : (int) Library.IREDUCE_SCATTER_BLOCK.invokeExact(in, out, count, type, op, comm, request);
                case REDUCE_SCATTER -> blocking
                        ? (int) Library.REDUCE_SCATTER.invokeExact(in, out, receiveCounts, type, op, comm)
                        : (int) Library.IREDUCE_SCATTER.invokeExact(in, out, receiveCounts, type, op, comm, request);
                case ALLGATHER -> blocking ? (int) Library.ALLGATHER.invokeExact(in, count, type, out, count, type, comm)
                        : (int) Library.IALLGATHER.invokeExact(in, count, type, out, count, type, comm, request);
                case ALLTOALL -> blocking ? (int) Library.ALLTOALL.invokeExact(in, count, type, out, count, type, comm)
                        : (int) Library.IALLTOALL.invokeExact(in, count, type, out, count, type, comm, request);
                case GATHER -> blocking ? (int) Library.GATHER.invokeExact(in, count, type, out, count, type, root, comm)
                        : (int) Library.IGATHER.invokeExact(in, count, type, out, count, type, root, comm, request);
                case SCATTER -> blocking ? (int) Library.SCATTER.invokeExact(in, count, type, out, count, type, root, comm)
                        : (int) Library.ISCATTER.invokeExact(in, count, type, out, count, type, root, comm, request);
                case GATHERV -> blocking
                        ? (int) Library.GATHERV.invokeExact(in, count, type, out, receiveCounts, receiveDispls, type, root, comm)
                        : (int) Library.IGATHERV.invokeExact(in, count, type, out, receiveCounts, receiveDispls, type, root, comm,
                        request);
                case SCATTERV -> blocking
                        ? (int) Library.SCATTERV.invokeExact(in, sendCounts, sendDispls, type, out, count, type, root, comm)
                        : (int) Library.ISCATTERV.invokeExact(in, sendCounts, sendDispls, type, out, count, type, root, comm,
                        request);
                case ALLGATHERV -> blocking
                        ? (int) Library.ALLGATHERV.invokeExact(in, count, type, out, receiveCounts, receiveDispls, type, comm)
                        : (int) Library.IALLGATHERV.invokeExact(in, count, type, out, receiveCounts, receiveDispls, type, comm,
                        request);
                case ALLTOALLV -> blocking
                        ? (int) Library.ALLTOALLV.invokeExact(in, sendCounts, sendDispls, type, out, receiveCounts,
                        receiveDispls, type, comm)
                        : (int) Library.IALLTOALLV.invokeExact(in, sendCounts, sendDispls, type, out, receiveCounts,
                        receiveDispls, type, comm, request);
                case ALLTOALLW -> blocking
                        ? (int) Library.ALLTOALLW.invokeExact(in, sendCounts, sendDispls, sendTypes, out, receiveCounts,
                        receiveDispls, receiveTypes, comm)
                        : (int) Library.IALLTOALLW.invokeExact(in, sendCounts, sendDispls, sendTypes, out, receiveCounts,
                        receiveDispls, receiveTypes, comm, request);
            };
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        } finally {
            // MPI reads the buffers and arrays during the call, and a non-blocking one's request holds them after
            Reference.reachabilityFence(arena);
            Reference.reachabilityFence(c);
        }
        Calls.check(code, "the MPI library's " + c.collective().label());
        if (blocking) {
            return null;
        }
        return new FfmRequest(scratch.handle(Scratch.HANDLE, Library.REQUEST_SIZE), new Object[]{c, arena});
    }

    private static long ints(Arena arena, int[] values) {
        if (values == null) {
            return 0;
        }
        MemorySegment memory = arena.allocate(JAVA_INT, Math.max(1, values.length));
        MemorySegment.copy(values, 0, memory, JAVA_INT, 0, values.length);
        return memory.address();
    }

    private static long types(Arena arena, DataType[] types) {
        if (types == null) {
            return 0;
        }
        MemorySegment memory = arena.allocate((long) Library.DATATYPE_SIZE * Math.max(1, types.length), 8);
        for (int i = 0; i < types.length; i++) {
            long handle = FfmMpi.type(types[i]);
            if (Library.DATATYPE_SIZE == 8) {
                memory.set(JAVA_LONG, 8L * i, handle);
            } else {
                memory.set(JAVA_INT, 4L * i, (int) handle);
            }
        }
        return memory.address();
    }
}
