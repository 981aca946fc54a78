package dev.nbc.harness.cli;

import java.util.Locale;

/** Where the ranks of a run come from: the processes of the mpirun job, or threads of this JVM. */
public enum TransportKind {
    MPI, INPROCESS;

    /** "mpi" or "inprocess", as the option takes it and the results record it. */
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

    /** "mpi", "inprocess" or "in-process", in any case. */
    public static TransportKind parse(String text) {
        String key = text.trim().toLowerCase(Locale.ROOT).replace("-", "");
        for (TransportKind t : values()) {
            if (t.label().equals(key)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown transport '" + text + "' (mpi, inprocess)");
    }
}
