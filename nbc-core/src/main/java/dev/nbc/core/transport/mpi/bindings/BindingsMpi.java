package dev.nbc.core.transport.mpi.bindings;

import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.transport.TransportException;
import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;
import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;

import java.nio.ByteBuffer;

/**
 * {@link Mpi} through Open MPI's Java bindings (Open MPI 4.1.x / 5.0.x; Open MPI 6 has none).
 *
 * <p>Binding facts the classes of this package rely on (Open MPI 4.1.4, {@code ompi/mpi/java}):
 * <ul>
 * <li>{@code iSend/iRecv(Buffer, ...)} pass the buffer's base address to MPI, ignoring its
 * position, so a byte range is passed as {@code buffer.slice(offset, length)} (or as the buffer
 * itself when it starts at offset 0).</li>
 * <li>{@code Request.test()} frees the native request when it completes and nulls the Java handle;
 * when the request completed with an error, MPI frees it too but the binding leaves the old handle
 * in the Java object: such a request is never tested, freed or cancelled again.</li>
 * <li>{@code Request.testAny} allocates per call and rejects null requests, so it is not used.</li>
 * </ul>
 */
public final class BindingsMpi implements Mpi {
    /** MPI guarantees at least this tag upper bound; used when TAG_UB cannot be read. */
    private static final int MPI_MIN_TAG_UB = 32767;
    private static final BindingsMpi INSTANCE = new BindingsMpi();

    private BindingsMpi() {
    }

    /** The bindings' MPI, which the application initialised itself (with at least the level it needs). */
    public static BindingsMpi instance() {
        return INSTANCE;
    }

    /**
     * Initialises MPI with {@code MPI.THREAD_MULTIPLE}, or checks the level if the application
     * already initialised MPI.
     *
     * @throws IllegalStateException if MPI grants less than THREAD_MULTIPLE, saying what it granted
     * @throws TransportException if MPI_Init_thread fails
     */
    public static BindingsMpi initThreadMultiple(String[] args) {
        try {
            int provided = MPI.isInitialized() ? MPI.queryThread()
                    : MPI.InitThread(args == null ? new String[0] : args, MPI.THREAD_MULTIPLE);
            if (provided != MPI.THREAD_MULTIPLE) {
                throw new IllegalStateException("MPI granted thread level " + threadLevelName(provided)
                        + " but nbc needs MPI_THREAD_MULTIPLE (its progress thread calls MPI while the application "
                        + "does); use an Open MPI built with thread-multiple support (scripts/setup checks this)");
            }
            return INSTANCE;
        } catch (MPIException e) {
            throw new TransportException("MPI_Init_thread(MPI_THREAD_MULTIPLE) failed: " + error(e).describe(), e);
        }
    }

    /** The application's communicator {@code comm} as nbc's (its error handler unchanged). */
    public static MpiComm wrap(Comm comm) {
        return new BindingsComm(comm);
    }

    @Override
    public String access() {
        return "bindings";
    }

    @Override
    public String implementation() {
        return "openmpi";
    }

    @Override
    public String version() {
        return MPI.getLibVersion().trim().split("[,\\n]")[0].trim();
    }

    @Override
    public MpiComm world() {
        return new BindingsComm(MPI.COMM_WORLD);
    }

    @Override
    public boolean running() {
        try {
            return MPI.isInitialized() && !MPI.isFinalized();
        } catch (MPIException e) {
            throw new TransportException("cannot ask MPI whether it is initialised: " + error(e).describe(), e);
        }
    }

    @Override
    public boolean finalized() {
        try {
            return MPI.isFinalized();
        } catch (MPIException e) {
            throw new TransportException("cannot ask MPI whether it is finalised: " + error(e).describe(), e);
        }
    }

    @Override
    public String threadLevel() {
        try {
            return threadLevelName(MPI.queryThread());
        } catch (MPIException e) {
            throw new TransportException("cannot ask MPI for its thread level: " + error(e).describe(), e);
        }
    }

    @Override
    public int tagUpperBound() {
        try {
            // TAG_UB is a predefined attribute cached on MPI_COMM_WORLD; the binding returns an Integer.
            return MPI.COMM_WORLD.getAttr(MPI.TAG_UB) instanceof Integer tagUb && tagUb >= MPI_MIN_TAG_UB
                    ? tagUb : MPI_MIN_TAG_UB;
        } catch (MPIException e) {
            return MPI_MIN_TAG_UB;
        }
    }

    @Override
    public boolean reduceLocal(ByteBuffer source, int sourceOffset, ByteBuffer target, int targetOffset, int count,
                               DataType type, ReduceOp op) throws MpiException {
        Op mpiOp = op(op);
        if (mpiOp == null) {
            return false;
        }
        int bytes = type.bytesFor(count);
        try {
            // The binding passes a direct buffer's base address: slices put it at the offsets.
            Comm.reduceLocal(source.slice(sourceOffset, bytes), target.slice(targetOffset, bytes), count, type(type), mpiOp);
            return true;
        } catch (MPIException e) {
            throw error(e);
        }
    }

    @Override
    public double wtime() {
        try {
            return MPI.wtime();
        } catch (MPIException e) {
            throw new TransportException("MPI_Wtime failed: " + error(e).describe(), e);
        }
    }

    @Override
    public void close() {
        try {
            MPI.Finalize();
        } catch (MPIException e) {
            throw new TransportException("MPI_Finalize failed: " + error(e).describe(), e);
        }
    }

    /** The bindings' exception as nbc's. */
    static MpiException error(MPIException e) {
        return new MpiException(e.getMessage(), e.getErrorClass(), e.getErrorCode(), e.getErrorClass() == MPI.ERR_TRUNCATE, e);
    }

    static Datatype type(DataType type) {
        return switch (type) {
            case BYTE -> MPI.BYTE;
            case SHORT -> MPI.SHORT;
            case INT -> MPI.INT;
            case LONG -> MPI.LONG;
            case FLOAT -> MPI.FLOAT;
            case DOUBLE -> MPI.DOUBLE;
        };
    }

    /** MPI's predefined operation of the same name, or null if {@code op} is nbc's own. */
    static Op op(ReduceOp op) {
        return switch (op.name()) {
            case "SUM" -> MPI.SUM;
            case "PROD" -> MPI.PROD;
            case "MIN" -> MPI.MIN;
            case "MAX" -> MPI.MAX;
            case "BAND" -> MPI.BAND;
            case "BOR" -> MPI.BOR;
            case "BXOR" -> MPI.BXOR;
            case "LAND" -> MPI.LAND;
            case "LOR" -> MPI.LOR;
            case "LXOR" -> MPI.LXOR;
            default -> null;
        };
    }

    static String threadLevelName(int level) {
        if (level == MPI.THREAD_SINGLE) {
            return "MPI_THREAD_SINGLE";
        } else if (level == MPI.THREAD_FUNNELED) {
            return "MPI_THREAD_FUNNELED";
        } else if (level == MPI.THREAD_SERIALIZED) {
            return "MPI_THREAD_SERIALIZED";
        } else if (level == MPI.THREAD_MULTIPLE) {
            return "MPI_THREAD_MULTIPLE";
        }
        return String.valueOf(level);
    }
}
