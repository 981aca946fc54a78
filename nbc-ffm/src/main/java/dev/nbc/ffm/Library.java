package dev.nbc.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The MPI library of this process, linked through the FFM API: its functions as method handles,
 * its constants and predefined handles, read once from the probe's file ({@link MpiAbi}).
 *
 * <p>Every function is bound with Java types independent of the library: a handle (MPI_Comm,
 * MPI_Request, ...) is a {@code long} whatever its C size (Open MPI's are pointers, MPICH's ints;
 * the method handle narrows), a pointer is a {@code long} address (the same register as a pointer
 * in the C calling conventions of 64-bit Linux), so that a call allocates nothing. The handles are
 * static finals, which the JIT inlines like a direct call. The calls that return at once and do no
 * blocking system call (MPI_Isend, MPI_Irecv, MPI_Test, MPI_Improbe, MPI_Imrecv) are bound
 * {@link Linker.Option#critical critical}: without the thread-state change the JVM makes around
 * other native calls, which is most of a downcall's cost.
 */
final class Library {
    private static final Linker LINKER = Linker.nativeLinker();
    /** RTLD_NOW | RTLD_GLOBAL (dlfcn.h on Linux). */
    private static final int RTLD_NOW_GLOBAL = 0x2 | 0x100;

    static final MpiAbi ABI = load();

    static final int SUCCESS = ABI.constant("MPI_SUCCESS");
    static final int ANY_SOURCE = ABI.constant("MPI_ANY_SOURCE");
    static final int ANY_TAG = ABI.constant("MPI_ANY_TAG");
    static final int UNDEFINED = ABI.constant("MPI_UNDEFINED");
    static final int THREAD_MULTIPLE = ABI.constant("MPI_THREAD_MULTIPLE");
    static final int TAG_UB = ABI.constant("MPI_TAG_UB");
    static final int ERR_TRUNCATE = ABI.constant("MPI_ERR_TRUNCATE");
    static final int COMM_TYPE_SHARED = ABI.constant("MPI_COMM_TYPE_SHARED");
    static final int MAX_ERROR_STRING = ABI.constant("MPI_MAX_ERROR_STRING");
    static final int MAX_LIBRARY_VERSION_STRING = ABI.constant("MPI_MAX_LIBRARY_VERSION_STRING");
    static final long IN_PLACE = ABI.address("MPI_IN_PLACE");
    static final long STATUS_IGNORE = ABI.address("MPI_STATUS_IGNORE");

    static final long COMM_WORLD = ABI.handle("MPI_COMM_WORLD");
    static final long COMM_NULL = ABI.handle("MPI_COMM_NULL");
    static final long REQUEST_NULL = ABI.handle("MPI_REQUEST_NULL");
    static final long MESSAGE_NULL = ABI.handle("MPI_MESSAGE_NULL");
    static final long MESSAGE_NO_PROC = ABI.handle("MPI_MESSAGE_NO_PROC");
    static final long ERRORS_RETURN = ABI.handle("MPI_ERRORS_RETURN");
    static final long INFO_NULL = ABI.handle("MPI_INFO_NULL");
    static final long BYTE = ABI.handle("MPI_BYTE");

    static final int COMM_SIZE = ABI.handleSize("MPI_Comm");
    static final int REQUEST_SIZE = ABI.handleSize("MPI_Request");
    static final int MESSAGE_SIZE = ABI.handleSize("MPI_Message");
    static final int DATATYPE_SIZE = ABI.handleSize("MPI_Datatype");
    static final int STATUS_SIZE = ABI.number("size.MPI_Status");
    static final int STATUS_SOURCE = ABI.number("offset.MPI_Status.MPI_SOURCE");
    static final int STATUS_TAG = ABI.number("offset.MPI_Status.MPI_TAG");

    private static final String COMM = "MPI_Comm";
    private static final String TYPE = "MPI_Datatype";
    private static final String OP = "MPI_Op";
    private static final String REQUEST = "MPI_Request";
    private static final String MESSAGE = "MPI_Message";
    private static final String ERRHANDLER = "MPI_Errhandler";
    private static final String INFO = "MPI_Info";
    /** A pointer argument, passed as its address. */
    private static final ValueLayout POINTER = JAVA_LONG;

    static final MethodHandle INITIALIZED = function("MPI_Initialized", false, POINTER);
    static final MethodHandle FINALIZED = function("MPI_Finalized", false, POINTER);
    static final MethodHandle INIT_THREAD = function("MPI_Init_thread", false, POINTER, POINTER, JAVA_INT, POINTER);
    static final MethodHandle QUERY_THREAD = function("MPI_Query_thread", false, POINTER);
    static final MethodHandle FINALIZE = function("MPI_Finalize", false);
    static final MethodHandle LIBRARY_VERSION = function("MPI_Get_library_version", false, POINTER, POINTER);
    static final MethodHandle ERROR_STRING = function("MPI_Error_string", false, JAVA_INT, POINTER, POINTER);
    static final MethodHandle ERROR_CLASS = function("MPI_Error_class", false, JAVA_INT, POINTER);
    static final MethodHandle WTIME = LINKER.downcallHandle(symbol("MPI_Wtime"), FunctionDescriptor.of(JAVA_DOUBLE),
            Linker.Option.critical(false));
    static final MethodHandle COMM_RANK = function("MPI_Comm_rank", false, COMM, POINTER);
    static final MethodHandle COMM_SIZE_OF = function("MPI_Comm_size", false, COMM, POINTER);
    static final MethodHandle COMM_DUP = function("MPI_Comm_dup", false, COMM, POINTER);
    static final MethodHandle COMM_SPLIT = function("MPI_Comm_split", false, COMM, JAVA_INT, JAVA_INT, POINTER);
    static final MethodHandle COMM_SPLIT_TYPE = function("MPI_Comm_split_type", false, COMM, JAVA_INT, JAVA_INT, INFO,
            POINTER);
    static final MethodHandle COMM_FREE = function("MPI_Comm_free", false, POINTER);
    static final MethodHandle COMM_SET_ERRHANDLER = function("MPI_Comm_set_errhandler", false, COMM, ERRHANDLER);
    static final MethodHandle COMM_GET_ATTR = function("MPI_Comm_get_attr", false, COMM, JAVA_INT, POINTER, POINTER);
    static final MethodHandle ABORT = function("MPI_Abort", false, COMM, JAVA_INT);
    static final MethodHandle ISEND = function("MPI_Isend", true, POINTER, JAVA_INT, TYPE, JAVA_INT, JAVA_INT, COMM, POINTER);
    static final MethodHandle ISSEND = function("MPI_Issend", true, POINTER, JAVA_INT, TYPE, JAVA_INT, JAVA_INT, COMM, POINTER);
    static final MethodHandle IRECV = function("MPI_Irecv", true, POINTER, JAVA_INT, TYPE, JAVA_INT, JAVA_INT, COMM, POINTER);
    static final MethodHandle TEST = function("MPI_Test", true, POINTER, POINTER, POINTER);
    static final MethodHandle WAIT = function("MPI_Wait", false, POINTER, POINTER);
    static final MethodHandle CANCEL = function("MPI_Cancel", false, POINTER);
    static final MethodHandle REQUEST_FREE = function("MPI_Request_free", false, POINTER);
    static final MethodHandle IMPROBE = function("MPI_Improbe", true, JAVA_INT, JAVA_INT, COMM, POINTER, POINTER, POINTER);
    static final MethodHandle IMRECV = function("MPI_Imrecv", true, POINTER, JAVA_INT, TYPE, POINTER, POINTER);
    static final MethodHandle GET_COUNT = function("MPI_Get_count", true, POINTER, TYPE, POINTER);
    static final MethodHandle IBARRIER = function("MPI_Ibarrier", false, COMM, POINTER);
    static final MethodHandle REDUCE_LOCAL = function("MPI_Reduce_local", false, POINTER, POINTER, JAVA_INT, TYPE, OP);

    // The library's own collectives: blocking, then non-blocking (one more argument, the request).
    static final MethodHandle BARRIER = function("MPI_Barrier", false, COMM);
    static final MethodHandle BCAST = collective("MPI_Bcast", POINTER, JAVA_INT, TYPE, JAVA_INT, COMM);
    static final MethodHandle IBCAST = collective("MPI_Ibcast", POINTER, JAVA_INT, TYPE, JAVA_INT, COMM, POINTER);
    static final MethodHandle ALLREDUCE = collective("MPI_Allreduce", POINTER, POINTER, JAVA_INT, TYPE, OP, COMM);
    static final MethodHandle IALLREDUCE = collective("MPI_Iallreduce", POINTER, POINTER, JAVA_INT, TYPE, OP, COMM, POINTER);
    static final MethodHandle REDUCE = collective("MPI_Reduce", POINTER, POINTER, JAVA_INT, TYPE, OP, JAVA_INT, COMM);
    static final MethodHandle IREDUCE = collective("MPI_Ireduce", POINTER, POINTER, JAVA_INT, TYPE, OP, JAVA_INT, COMM, POINTER);
    static final MethodHandle SCAN = collective("MPI_Scan", POINTER, POINTER, JAVA_INT, TYPE, OP, COMM);
    static final MethodHandle ISCAN = collective("MPI_Iscan", POINTER, POINTER, JAVA_INT, TYPE, OP, COMM, POINTER);
    static final MethodHandle EXSCAN = collective("MPI_Exscan", POINTER, POINTER, JAVA_INT, TYPE, OP, COMM);
    static final MethodHandle IEXSCAN = collective("MPI_Iexscan", POINTER, POINTER, JAVA_INT, TYPE, OP, COMM, POINTER);
    static final MethodHandle REDUCE_SCATTER_BLOCK = collective("MPI_Reduce_scatter_block", POINTER, POINTER, JAVA_INT, TYPE,
            OP, COMM);
    static final MethodHandle IREDUCE_SCATTER_BLOCK = collective("MPI_Ireduce_scatter_block", POINTER, POINTER, JAVA_INT,
            TYPE, OP, COMM, POINTER);
    static final MethodHandle REDUCE_SCATTER = collective("MPI_Reduce_scatter", POINTER, POINTER, POINTER, TYPE, OP, COMM);
    static final MethodHandle IREDUCE_SCATTER = collective("MPI_Ireduce_scatter", POINTER, POINTER, POINTER, TYPE, OP, COMM,
            POINTER);
    static final MethodHandle ALLGATHER = collective("MPI_Allgather", POINTER, JAVA_INT, TYPE, POINTER, JAVA_INT, TYPE, COMM);
    static final MethodHandle IALLGATHER = collective("MPI_Iallgather", POINTER, JAVA_INT, TYPE, POINTER, JAVA_INT, TYPE, COMM,
            POINTER);
    static final MethodHandle ALLTOALL = collective("MPI_Alltoall", POINTER, JAVA_INT, TYPE, POINTER, JAVA_INT, TYPE, COMM);
    static final MethodHandle IALLTOALL = collective("MPI_Ialltoall", POINTER, JAVA_INT, TYPE, POINTER, JAVA_INT, TYPE, COMM,
            POINTER);
    static final MethodHandle GATHER = collective("MPI_Gather", POINTER, JAVA_INT, TYPE, POINTER, JAVA_INT, TYPE, JAVA_INT, COMM);
    static final MethodHandle IGATHER = collective("MPI_Igather", POINTER, JAVA_INT, TYPE, POINTER, JAVA_INT, TYPE, JAVA_INT,
            COMM, POINTER);
    static final MethodHandle SCATTER = collective("MPI_Scatter", POINTER, JAVA_INT, TYPE, POINTER, JAVA_INT, TYPE, JAVA_INT,
            COMM);
    static final MethodHandle ISCATTER = collective("MPI_Iscatter", POINTER, JAVA_INT, TYPE, POINTER, JAVA_INT, TYPE, JAVA_INT,
            COMM, POINTER);
    static final MethodHandle GATHERV = collective("MPI_Gatherv", POINTER, JAVA_INT, TYPE, POINTER, POINTER, POINTER, TYPE,
            JAVA_INT, COMM);
    static final MethodHandle IGATHERV = collective("MPI_Igatherv", POINTER, JAVA_INT, TYPE, POINTER, POINTER, POINTER, TYPE,
            JAVA_INT, COMM, POINTER);
    static final MethodHandle SCATTERV = collective("MPI_Scatterv", POINTER, POINTER, POINTER, TYPE, POINTER, JAVA_INT, TYPE,
            JAVA_INT, COMM);
    static final MethodHandle ISCATTERV = collective("MPI_Iscatterv", POINTER, POINTER, POINTER, TYPE, POINTER, JAVA_INT, TYPE,
            JAVA_INT, COMM, POINTER);
    static final MethodHandle ALLGATHERV = collective("MPI_Allgatherv", POINTER, JAVA_INT, TYPE, POINTER, POINTER, POINTER,
            TYPE, COMM);
    static final MethodHandle IALLGATHERV = collective("MPI_Iallgatherv", POINTER, JAVA_INT, TYPE, POINTER, POINTER, POINTER,
            TYPE, COMM, POINTER);
    static final MethodHandle ALLTOALLV = collective("MPI_Alltoallv", POINTER, POINTER, POINTER, TYPE, POINTER, POINTER,
            POINTER, TYPE, COMM);
    static final MethodHandle IALLTOALLV = collective("MPI_Ialltoallv", POINTER, POINTER, POINTER, TYPE, POINTER, POINTER,
            POINTER, TYPE, COMM, POINTER);
    static final MethodHandle ALLTOALLW = collective("MPI_Alltoallw", POINTER, POINTER, POINTER, POINTER, POINTER, POINTER,
            POINTER, POINTER, COMM);
    static final MethodHandle IALLTOALLW = collective("MPI_Ialltoallw", POINTER, POINTER, POINTER, POINTER, POINTER, POINTER,
            POINTER, POINTER, COMM, POINTER);

    private Library() {
    }

    /** setenv(name, value, 0) of the C library: before MPI starts, for what it reads from its environment. */
    static void setEnvironmentIfUnset(String name, String value) {
        MethodHandle setenv = LINKER.downcallHandle(LINKER.defaultLookup().find("setenv").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, JAVA_INT));
        try (Arena arena = Arena.ofConfined()) {
            int code = (int) setenv.invokeExact(arena.allocateFrom(name), arena.allocateFrom(value), 0);
            if (code != 0) {
                throw new IllegalStateException("setenv(" + name + ") failed");
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("setenv(" + name + ") failed: " + e, e);
        }
    }

    /** The name of thread level {@code level} in this library's numbering. */
    static String threadLevelName(int level) {
        for (String name : new String[]{"MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE"}) {
            if (ABI.constant(name) == level) {
                return name;
            }
        }
        return String.valueOf(level);
    }

    /** The probe's file named by NBC_MPI_ABI, its library loaded with its symbols global. */
    private static MpiAbi load() {
        Path file = MpiAbi.configuredFile();
        if (file == null) {
            throw new IllegalStateException(MpiAbi.VARIABLE + " is not set: it names the file scripts/setup wrote by "
                    + "probing the MPI library (scripts/nbcrun sets it)");
        }
        MpiAbi abi = MpiAbi.read(file);
        String library = abi.text("library");
        // UCX (MPICH's ch4:ucx, Open MPI's pml ucx) catches SIGSEGV to print a backtrace and end
        // the process, but the JVM raises SIGSEGV on purpose (implicit null checks): measured, a
        // rank died in ThreadLocal.get under MPICH 4.0.2. UCX reads this when its library loads,
        // so before the MPI library is opened; a value the user set wins.
        setEnvironmentIfUnset("UCX_ERROR_SIGNALS", "");
        // RTLD_GLOBAL, as Open MPI's own Java bindings load libmpi: the components Open MPI opens
        // later resolve their references to it through the global namespace.
        MethodHandle dlopen = LINKER.downcallHandle(LINKER.defaultLookup().find("dlopen").orElseThrow(),
                FunctionDescriptor.of(JAVA_LONG, ValueLayout.ADDRESS, JAVA_INT));
        try (Arena arena = Arena.ofConfined()) {
            long handle = (long) dlopen.invokeExact(arena.allocateFrom(library), RTLD_NOW_GLOBAL);
            if (handle == 0) {
                throw new IllegalStateException(file + ": cannot load the MPI library " + library
                        + "; rerun scripts/setup if MPI was reinstalled");
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("dlopen(" + library + ") failed: " + e, e);
        }
        abi.bind(SymbolLookup.libraryLookup(Path.of(library), Arena.global()));
        return abi;
    }

    private static MemorySegment symbol(String name) {
        return ABI.symbols().find(name).orElseThrow(() -> new IllegalStateException(
                ABI.text("library") + " does not export " + name + ", which nbc's FFM transport calls (MPI 3.1 or newer needed)"));
    }

    private static MethodHandle collective(String name, Object... parameters) {
        return function(name, false, parameters);
    }

    /**
     * {@code int name(parameters)}: each parameter a {@link ValueLayout} or the name of an MPI
     * handle type, whose C size the probe gave and which Java passes as a long.
     */
    private static MethodHandle function(String name, boolean critical, Object... parameters) {
        List<MemoryLayout> layouts = new ArrayList<>();
        List<Class<?>> javaTypes = new ArrayList<>();
        for (Object parameter : parameters) {
            if (parameter instanceof String handleType) {
                layouts.add(ABI.handleSize(handleType) == 8 ? JAVA_LONG : JAVA_INT);
                javaTypes.add(long.class);
            } else {
                ValueLayout layout = (ValueLayout) parameter;
                layouts.add(layout);
                javaTypes.add(layout.carrier());
            }
        }
        FunctionDescriptor descriptor = FunctionDescriptor.of(JAVA_INT, layouts.toArray(MemoryLayout[]::new));
        MethodHandle handle = critical
                ? LINKER.downcallHandle(symbol(name), descriptor, Linker.Option.critical(false))
                : LINKER.downcallHandle(symbol(name), descriptor);
        return MethodHandles.explicitCastArguments(handle, MethodType.methodType(int.class, javaTypes));
    }
}
