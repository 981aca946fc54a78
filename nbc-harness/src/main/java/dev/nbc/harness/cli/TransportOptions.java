package dev.nbc.harness.cli;

import picocli.CommandLine.Option;

/** Where the ranks come from, the same option and the same detection in every program. */
public final class TransportOptions {
    @Option(names = "--transport", paramLabel = "mpi|inprocess",
            description = "mpi (ranks of the mpirun job; run through scripts/nbcrun) or inprocess (ranks as threads). "
                    + "Default: mpi when started by mpirun, else inprocess.")
    TransportKind transport;

    /** --transport, else what the environment implies (mpirun started us: MPI). */
    public TransportKind kind(JobEnvironment job) {
        return transport != null ? transport : TransportKind.defaultFor(job);
    }
}
