package dev.nbc.harness.ranks;

import dev.nbc.harness.cli.RankGroup;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;

/**
 * Where the ranks of a run come from: the processes of an MPI job (groups of P ranks are split
 * off MPI_COMM_WORLD; their nbc sessions over MPI or TCP) or threads of this JVM (a separate
 * in-process world per P, optionally on an emulated LogGP network).
 */
public interface Ranks extends RankGroup {

    /** The SPMD code of one rank; returns what rank 0 reports. */
    @FunctionalInterface
    interface Body<T> {
        T run(RankEnv env) throws Exception;
    }

    /**
     * What the nbc sessions run over: "mpi" or "tcp" (ranks of an mpirun job), or "inprocess";
     * "hosts" for ranks from a host list, which have no sessions.
     */
    String transport();

    /** True if the ranks are threads of this JVM (they share its heap, JIT and collector). */
    default boolean inProcess() {
        return transport().equals("inprocess");
    }

    /** The largest group this launcher can run (MPI: the job's size). */
    int maxRanks();

    /** For reports: where the ranks run (in-process: {@link CoreBinding#describe}; MPI: the launcher binds them). */
    default String binding() {
        return "by the launcher (scripts/nbcrun: mpirun --bind-to)";
    }

    /** The MPI library's version string (first line), or "n/a". */
    String mpiVersion();

    /** The emulated network, or null (an mpirun job's ranks, or the ideal in-process network). */
    EmulatedNetwork network();

    /** For reports: "mpi", "tcp", "in-process", or "in-process L=50us o=2.0us g=1.0us G=0.10ns/B" on an emulated network. */
    default String describe() {
        if (!inProcess()) {
            return transport();
        }
        EmulatedNetwork emulated = network();
        return emulated == null ? "in-process" : String.format("in-process L=%.0fus o=%.1fus g=%.1fus G=%.2fns/B%s",
                emulated.L() / 1e3, emulated.oSend() / 1e3, emulated.g() / 1e3, emulated.G(), emulated.receiveGap() ? " receive-gap" : "");
    }

    /**
     * Runs {@code body} on a group of {@code p} ranks and returns rank 0's result in the
     * {@link #leader()} process, null elsewhere. All processes of an MPI job must call it alike.
     */
    <T> T run(int p, Body<T> body);
}
