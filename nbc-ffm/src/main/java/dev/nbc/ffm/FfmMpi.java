package dev.nbc.ffm;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.transport.TransportException;
import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * {@link Mpi} through Java's Foreign Function and Memory API, straight into the MPI library's C
 * functions: any MPI whose mpi.h the probe has read (Open MPI 4.1 to 6, MPICH and its family).
 */
public final class FfmMpi implements Mpi {
    private static final FfmMpi INSTANCE = new FfmMpi();
    /** MPI's datatype for each of nbc's. */
    private static final Map<DataType, Long> TYPES = new EnumMap<>(DataType.class);
    /** MPI's predefined operations, by the name nbc's ReduceOp has for them. */
    private static final Map<String, Long> OPS = new HashMap<>();

    private MpiComm world;

    private FfmMpi() {
    }

    static FfmMpi instance() {
        return INSTANCE;
    }

    /**
     * Initialises MPI with MPI_THREAD_MULTIPLE, or checks the level of an MPI already initialised.
     *
     * @throws IllegalStateException if MPI grants less
     * @throws TransportException if MPI_Init_thread fails
     */
    static synchronized FfmMpi initThreadMultiple() {
        Scratch scratch = Scratch.get();
        try {
            Calls.invoke("MPI_Initialized", () -> (int) Library.INITIALIZED.invokeExact(scratch.address + Scratch.INT));
            if (scratch.intValue() == 0) {
                Calls.invoke("MPI_Init_thread", () -> (int) Library.INIT_THREAD.invokeExact(0L, 0L, Library.THREAD_MULTIPLE,
                        scratch.address + Scratch.INT));
            } else {
                Calls.invoke("MPI_Query_thread", () -> (int) Library.QUERY_THREAD.invokeExact(scratch.address + Scratch.INT));
            }
            int provided = scratch.intValue();
            if (provided != Library.THREAD_MULTIPLE) {
                throw new IllegalStateException("MPI granted thread level " + Library.threadLevelName(provided)
                        + " but nbc needs MPI_THREAD_MULTIPLE: its progress thread calls MPI while the application does");
            }
            if (INSTANCE.world == null) {
                if (Library.ABI.text("implementation").equals("mpich")) {
                    // MPICH 4.0 raises the error of a completed request (MPI_Test on a truncated
                    // receive) on MPI_COMM_WORLD, whatever communicator the request is on: measured,
                    // a duplicate's MPI_ERRORS_RETURN did not keep the job alive. Through nbc every
                    // error code becomes an MpiException, so the world's handler returns them too.
                    Calls.invoke("MPI_Comm_set_errhandler",
                            () -> (int) Library.COMM_SET_ERRHANDLER.invokeExact(Library.COMM_WORLD, Library.ERRORS_RETURN));
                }
                INSTANCE.world = new FfmComm(Library.COMM_WORLD);
                String advice = INSTANCE.world.rank() == 0 ? VectorWidthAdvice.forThisJvm() : null;
                if (advice != null) {
                    System.err.println(advice);
                }
                for (DataType type : DataType.values()) {
                    TYPES.put(type, Library.ABI.handle("MPI_" + type.name()));
                }
                for (String op : new String[]{"SUM", "PROD", "MIN", "MAX", "BAND", "BOR", "BXOR", "LAND", "LOR", "LXOR"}) {
                    OPS.put(op, Library.ABI.handle("MPI_" + op));
                }
            }
            return INSTANCE;
        } catch (MpiException e) {
            throw new TransportException("MPI_Init_thread(MPI_THREAD_MULTIPLE) failed: " + e.describe(), e);
        }
    }

    /** The native address of byte {@code offset} of a direct buffer (its position is ignored). */
    static long address(ByteBuffer buffer, int offset) {
        return MemorySegment.ofBuffer(buffer).address() - buffer.position() + offset;
    }

    /** A buffer's start, or MPI_IN_PLACE for null. */
    static long addressOrInPlace(ByteBuffer buffer) {
        return buffer == null ? Library.IN_PLACE : address(buffer, 0);
    }

    static long type(DataType type) {
        return TYPES.get(type);
    }

    /** MPI's predefined operation of {@code op}'s name, or null if nbc's operation is its own. */
    static Long op(ReduceOp op) {
        return OPS.get(op.name());
    }

    @Override
    public String access() {
        return "ffm";
    }

    @Override
    public String implementation() {
        return Library.ABI.text("implementation");
    }

    /** The first part of MPI_Get_library_version, e.g. "Open MPI v4.1.4" or "MPICH Version: 4.0.2". */
    @Override
    public String version() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(Library.MAX_LIBRARY_VERSION_STRING + 1);
            MemorySegment length = arena.allocate(JAVA_INT);
            Calls.invoke("MPI_Get_library_version", () -> (int) Library.LIBRARY_VERSION.invokeExact(text.address(), length.address()));
            return text.getString(0).trim().split("[,\\n]")[0].replaceAll("\\s+", " ").trim();
        } catch (MpiException e) {
            return "MPI (version unknown: " + e.getMessage() + ")";
        }
    }

    @Override
    public MpiComm world() {
        if (world == null) {
            throw new IllegalStateException("MPI is not initialised through FFM: call Mpi.init(args) first");
        }
        return world;
    }

    @Override
    public boolean running() {
        return queried(Library.INITIALIZED, "MPI_Initialized") != 0 && !finalized();
    }

    @Override
    public boolean finalized() {
        return queried(Library.FINALIZED, "MPI_Finalized") != 0;
    }

    @Override
    public String threadLevel() {
        return Library.threadLevelName(queried(Library.QUERY_THREAD, "MPI_Query_thread"));
    }

    /** The int a query of MPI's state ({@code int name(int *out)}) writes; its failure as a TransportException. */
    private static int queried(MethodHandle query, String name) {
        Scratch scratch = Scratch.get();
        try {
            Calls.invoke(name, () -> (int) query.invokeExact(scratch.address + Scratch.INT));
        } catch (MpiException e) {
            throw new TransportException(name + " failed: " + e.describe(), e);
        }
        return scratch.intValue();
    }

    /** MPI_TAG_UB of MPI_COMM_WORLD: the attribute's value is a pointer to the int. */
    @Override
    public int tagUpperBound() {
        Scratch scratch = Scratch.get();
        try {
            int code = (int) Library.COMM_GET_ATTR.invokeExact(Library.COMM_WORLD, Library.TAG_UB,
                    scratch.address + Scratch.SECOND_HANDLE, scratch.address + Scratch.INT);
            if (code != Library.SUCCESS || scratch.intValue() == 0) {
                return 32767;
            }
            MemorySegment value = scratch.memory.get(ADDRESS, Scratch.SECOND_HANDLE).reinterpret(Integer.BYTES);
            return Math.max(32767, value.get(JAVA_INT, 0));
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        }
    }

    @Override
    public boolean reduceLocal(ByteBuffer source, int sourceOffset, ByteBuffer target, int targetOffset, int count,
                               DataType type, ReduceOp op) throws MpiException {
        Long mpiOp = op(op);
        if (mpiOp == null) {
            return false;
        }
        int code;
        try {
            code = (int) Library.REDUCE_LOCAL.invokeExact(address(source, sourceOffset), address(target, targetOffset), count,
                    type(type), (long) mpiOp);
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        } finally {
            Reference.reachabilityFence(source);
            Reference.reachabilityFence(target);
        }
        Calls.check(code, "MPI_Reduce_local");
        return true;
    }

    @Override
    public double wtime() {
        try {
            return (double) Library.WTIME.invokeExact();
        } catch (Throwable e) {
            throw Calls.unexpected(e);
        }
    }

    @Override
    public void close() {
        try {
            Calls.invoke("MPI_Finalize", () -> (int) Library.FINALIZE.invokeExact());
        } catch (MpiException e) {
            throw new TransportException("MPI_Finalize failed: " + e.describe(), e);
        }
    }
}
