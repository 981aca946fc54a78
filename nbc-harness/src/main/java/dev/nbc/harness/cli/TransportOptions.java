package dev.nbc.harness.cli;

import dev.nbc.harness.ranks.CoreBinding;
import picocli.CommandLine.Option;

/** Where the ranks come from, the same option and the same detection in every program. */
public final class TransportOptions {
    @Option(names = "--transport", paramLabel = "mpi|inprocess",
            description = "mpi (ranks of the mpirun job; run through scripts/nbcrun) or inprocess (ranks as threads). "
                    + "Default: mpi when started by mpirun, else inprocess.")
    TransportKind transport;

    @Option(names = "--bind-to", paramLabel = "core|none",
            description = "In-process ranks: core (default) runs each rank, with the progress threads it starts, on CPUs of its "
                    + "own when the ranks fit, as scripts/nbcrun binds MPI ranks; none leaves the threads to the scheduler. "
                    + "Over MPI the binding is mpirun's: give --bind-to to scripts/nbcrun instead.")
    CoreBinding binding;

    /** --transport, else what the environment implies (mpirun started us: MPI). */
    public TransportKind kind(JobEnvironment job) {
        return transport != null ? transport : TransportKind.defaultFor(job);
    }

    /** --bind-to, for in-process ranks (default core). */
    public CoreBinding binding() {
        return binding == null ? CoreBinding.CORE : binding;
    }

    /** --bind-to places threads of this JVM; over MPI it would be silently ignored. */
    public void check(TransportKind kind, OptionChecks checks) {
        if (binding != null && kind != TransportKind.INPROCESS) {
            checks.fail("--bind-to: binds in-process ranks only, but the transport is " + kind
                    + " (MPI ranks are bound by mpirun: scripts/nbcrun --bind-to ...)");
        }
    }
}
