package dev.nbc.core.testing.mpi;

import java.util.Map;

/**
 * The MPI library a job's ranks run on and the way nbc reaches it, as scripts/nbcrun reads them
 * from the environment: Open MPI through its Java bindings (the default), Open MPI through the
 * FFM API, MPICH through the FFM API. The FFM stacks need module nbc-ffm on the job's class path,
 * so their suites run from that module: its build runs nbc-core's MPI suites once per stack,
 * naming it in {@link #PROPERTY}.
 */
public enum MpiStack {
    OPEN_MPI_BINDINGS(Map.of("NBC_MPI", "bindings", "NBC_MPI_IMPL", "openmpi")),
    OPEN_MPI_FFM(Map.of("NBC_MPI", "ffm", "NBC_MPI_IMPL", "openmpi")),
    MPICH_FFM(Map.of("NBC_MPI", "ffm", "NBC_MPI_IMPL", "mpich"));

    /** The system property naming the stack of this JVM's jobs; Open MPI's bindings without it. */
    public static final String PROPERTY = "nbc.mpi.stack";

    private final Map<String, String> environment;

    MpiStack(Map<String, String> environment) {
        this.environment = environment;
    }

    /** The stack {@link #PROPERTY} names. */
    public static MpiStack current() {
        String named = System.getProperty(PROPERTY);
        return named == null || named.isBlank() ? OPEN_MPI_BINDINGS : valueOf(named.trim());
    }

    /** The variables that choose this stack. */
    public Map<String, String> environment() {
        return environment;
    }
}
