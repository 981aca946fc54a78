package dev.nbc.core.transport.mpi;

import dev.nbc.core.EnvironmentSetting;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * This process's MPI library, reached one of two ways: through Open MPI's Java bindings
 * ({@code bindings}, Open MPI 4.1 and 5.0 built with them), or through Java's Foreign Function and
 * Memory API straight into the C library ({@code ffm}, any MPI: Open MPI, MPICH and its family;
 * module nbc-ffm, Java 22 or newer). {@link #init} starts MPI with MPI_THREAD_MULTIPLE, which
 * nbc's progress thread needs; {@link #close()} is MPI_Finalize.
 *
 * <pre>{@code
 * try (Mpi mpi = Mpi.init(args);
 *      ProgressEngine engine = ProgressEngine.start();
 *      Communicator comm = Communicator.create(engine, MpiTransport.create(mpi.world()))) { ... }
 * }</pre>
 */
public interface Mpi extends AutoCloseable {
    /** The environment variable and system property (which wins) naming the way: bindings or ffm. */
    String VARIABLE = "NBC_MPI";
    String PROPERTY = "nbc.mpi";

    /**
     * Initialises MPI with MPI_THREAD_MULTIPLE (or checks the level of an MPI the application
     * initialised) the way {@link #PROPERTY} or {@link #VARIABLE} names; without either, through
     * Open MPI's Java bindings where they are on the class path, else through FFM.
     *
     * @throws IllegalArgumentException if the setting names no way
     * @throws IllegalStateException if the way named is not available here (saying why), or MPI
     *         grants less than MPI_THREAD_MULTIPLE
     */
    static Mpi init(String[] args) {
        return init(args, EnvironmentSetting.read(PROPERTY, VARIABLE, value -> value, null));
    }

    /**
     * As {@link #init(String[])}, the way chosen by the caller: "bindings", "ffm", or null for
     * the environment's choice.
     *
     * @throws IllegalArgumentException if {@code way} names no way
     */
    static Mpi init(String[] args, String way) {
        String named = way == null ? null : way.trim().toLowerCase(Locale.ROOT);
        if (named != null && !WAYS.contains(named)) {
            throw new IllegalArgumentException("way (" + PROPERTY + " / " + VARIABLE + "): must be bindings or ffm, but was '"
                    + named + "'");
        }
        Map<String, MpiProvider> found = new HashMap<>();
        StringBuilder why = new StringBuilder();
        // ServiceLoader's iterator goes on past a provider that fails to load (nbc-ffm's classes on
        // a Java older than 22: UnsupportedClassVersionError); the bound only guards against a loop.
        Iterator<MpiProvider> providers = ServiceLoader.load(MpiProvider.class).iterator();
        for (int tries = 0; tries < 100; tries++) {
            try {
                if (!providers.hasNext()) {
                    break;
                }
                MpiProvider provider = providers.next();
                found.put(provider.name(), provider);
            } catch (ServiceConfigurationError | LinkageError e) {
                why.append("; a provider does not load: ").append(e.getMessage());
            }
        }
        for (String tried : named == null ? WAYS : List.of(named)) {
            MpiProvider provider = found.get(tried);
            String reason = provider == null ? "not on the class path (ffm: module nbc-ffm, Java 22 or newer)" : provider.available();
            if (reason == null) {
                return provider.init(args == null ? new String[0] : args);
            }
            why.append("; ").append(tried).append(": ").append(reason);
        }
        throw new IllegalStateException("nbc cannot reach MPI " + (named == null ? "either way" : "through " + named) + why);
    }

    /** The ways, in the order {@link #init} tries them when none is named. */
    List<String> WAYS = List.of("bindings", "ffm");

    /** How MPI is reached: "bindings" or "ffm". */
    String access();

    /** Which MPI this is, for names of its results: "openmpi" or "mpich" (the MPICH family). */
    String implementation();

    /** The library's name and version, e.g. "Open MPI v4.1.4" or "MPICH Version: 4.0.2". */
    String version();

    /** MPI_COMM_WORLD. */
    MpiComm world();

    /** True between MPI_Init_thread and MPI_Finalize. */
    boolean running();

    /** True once MPI_Finalize has run. */
    boolean finalized();

    /** The thread level MPI runs at: "MPI_THREAD_MULTIPLE", "MPI_THREAD_SINGLE", ... */
    String threadLevel();

    /** The largest tag MPI allows (MPI_TAG_UB; at least 32767). */
    int tagUpperBound();

    /**
     * MPI_Reduce_local: {@code target = source op target} over {@code count} elements at the
     * given byte offsets of direct buffers; false if this library has no such operation for the
     * type (nothing is changed then).
     */
    boolean reduceLocal(ByteBuffer source, int sourceOffset, ByteBuffer target, int targetOffset, int count, DataType type,
                        ReduceOp op) throws MpiException;

    /** MPI_Wtime, in seconds. */
    double wtime();

    /** MPI_Finalize. */
    @Override
    void close();
}
