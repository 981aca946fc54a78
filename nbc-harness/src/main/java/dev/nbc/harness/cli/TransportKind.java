package dev.nbc.harness.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Where the ranks of a run come from and what nbc's sessions run over: the processes of the mpirun
 * job with sessions over MPI ({@link #MPI}) or over TCP ({@link #TCP}), or threads of this JVM
 * ({@link #INPROCESS}).
 */
public enum TransportKind {
    MPI, TCP, INPROCESS;

    /** "mpi", "tcp" or "inprocess", as the option takes it and the results record it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }

    /** The transport of a run that names none: the mpirun job's ranks when started by mpirun, else threads. */
    public static TransportKind defaultFor(JobEnvironment job) {
        return job.underMpirun() ? MPI : INPROCESS;
    }

    /** "mpi", "tcp", "inprocess" or "in-process", in any case. */
    public static TransportKind parse(String text) {
        String key = text.trim().toLowerCase(Locale.ROOT).replace("-", "");
        for (TransportKind t : values()) {
            if (t.label().equals(key)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown transport '" + text + "' ("
                + Arrays.stream(values()).map(TransportKind::label).collect(Collectors.joining(", ")) + ")");
    }
}
