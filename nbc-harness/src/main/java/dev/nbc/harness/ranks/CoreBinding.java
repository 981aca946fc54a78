package dev.nbc.harness.ranks;

import java.util.List;

/**
 * Where in-process ranks run: the counterpart, for ranks that are threads, of the binding
 * {@code scripts/nbcrun} gives MPI ranks (scripts/lib/nbc.sh). Left to the scheduler, the two rank
 * threads of a P = 2 run on this 2-core machine shared one core for whole measurements while the
 * other stayed idle: each wait of one spun on the core its peer needed, and a 24 us collective
 * measured 40 us, its overlap 0-10 % instead of 60-70 % (docs/bench.md).
 */
public enum CoreBinding {
    /**
     * When N ranks fit the CPUs this process may use, rank r runs on CPUs r k .. r k + k - 1 of
     * them (k = CPUs / N), as mpirun's {@code --map-by slot:PE=k --bind-to core}; more ranks than
     * CPUs are not bound, as mpirun binds none when oversubscribed. A rank's progress threads,
     * started by its thread, inherit its CPUs, as a process's threads share its binding.
     */
    CORE,
    /** Every thread may run on any CPU of the process. */
    NONE;

    /**
     * The CPUs rank {@code rank} of {@code ranks} runs on, taken from {@code allowed} (the
     * process's CPUs in increasing order); empty if it is not bound.
     *
     * @throws IllegalArgumentException if {@code ranks < 1} or {@code rank} is not in 0..ranks-1
     */
    public List<Integer> cpusOf(int rank, int ranks, List<Integer> allowed) {
        if (ranks < 1) {
            throw new IllegalArgumentException("ranks: must be >= 1, but was " + ranks);
        }
        if (rank < 0 || rank >= ranks) {
            throw new IllegalArgumentException("rank: must be in 0.." + (ranks - 1) + ", but was " + rank);
        }
        if (this == NONE || ranks > allowed.size()) {
            return List.of();
        }
        int each = allowed.size() / ranks;
        return List.copyOf(allowed.subList(rank * each, rank * each + each));
    }

    /**
     * The CPUs this process may use, for {@link #cpusOf}: those of the calling thread (read it
     * before binding any); empty if this binding binds nothing or the platform cannot
     * ({@link #unsupportedReason()}).
     */
    public List<Integer> allowedCpus() {
        if (this == NONE || unsupportedReason() != null) {
            return List.of();
        }
        try {
            return ThreadAffinity.allowedCpus();
        } catch (IllegalStateException e) {
            // e.g. JNA could not load its native part (a temporary directory mounted noexec):
            // the ranks run unbound, and the reports say why
            failure = e.getMessage();
            return List.of();
        }
    }

    /** Why the CPUs could not be read where the platform should allow it, or null. */
    private static volatile String failure;

    /** Binds the calling thread, rank {@code rank}'s, to {@link #cpusOf} unless that is empty. */
    public void bindRank(int rank, int ranks, List<Integer> allowed) {
        List<Integer> cpus = cpusOf(rank, ranks, allowed);
        if (!cpus.isEmpty()) {
            ThreadAffinity.bindCurrentThread(cpus);
        }
    }

    /** Binds the calling thread to CPU {@code cpu} alone (a jitter collector per core). */
    public static void bindTo(int cpu) {
        ThreadAffinity.bindCurrentThread(List.of(cpu));
    }

    /** Why {@link #CORE} cannot bind here (the platform, or a failure to read the CPUs), or null if it can. */
    public static String unsupportedReason() {
        return ThreadAffinity.supported() ? failure
                : "thread affinity needs 64-bit Linux, not " + System.getProperty("os.name") + " " + System.getProperty("os.arch");
    }

    /** For reports: "core" or "none", and how N ranks are placed on {@code allowed}. */
    public String describe(int ranks, List<Integer> allowed) {
        if (this == NONE) {
            return "none";
        }
        if (allowed.isEmpty()) {
            return "none (" + unsupportedReason() + ")";
        }
        if (ranks > allowed.size()) {
            return "none (" + ranks + " ranks on " + allowed.size() + " CPUs)";
        }
        StringBuilder placed = new StringBuilder("core:");
        for (int rank = 0; rank < ranks; rank++) {
            placed.append(rank == 0 ? " " : ", ").append(rank).append("->").append(cpusOf(rank, ranks, allowed));
        }
        return placed.toString();
    }
}
