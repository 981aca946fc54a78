package dev.nbc.harness.cli;

import java.util.Map;
import java.util.OptionalInt;

/**
 * Where this process stands in an mpirun job, read from the variables the launcher sets: known
 * before MPI is initialised and without mpi.jar, so that options can be checked, and a bad one
 * reported by rank 0 alone, before any rank starts MPI. Open MPI sets
 * {@code OMPI_COMM_WORLD_RANK} and {@code OMPI_COMM_WORLD_SIZE}, PMIx launchers {@code PMIX_RANK}.
 *
 * @param variables the environment (tests pass their own)
 */
public record JobEnvironment(Map<String, String> variables) {

    public JobEnvironment {
        variables = Map.copyOf(variables);
    }

    /** This process's environment. */
    public static JobEnvironment current() {
        return new JobEnvironment(System.getenv());
    }

    /** True when mpirun (or another PMIx launcher) started this process. */
    public boolean underMpirun() {
        return variables.containsKey("OMPI_COMM_WORLD_SIZE") || variables.containsKey("PMIX_RANK");
    }

    /** This process's rank in MPI_COMM_WORLD; 0 outside mpirun. */
    public int rank() {
        String rank = variables.getOrDefault("OMPI_COMM_WORLD_RANK", variables.get("PMIX_RANK"));
        return rank == null ? 0 : Integer.parseInt(rank.trim());
    }

    /** True in the process that speaks for the job: world rank 0, or the only process. */
    public boolean leader() {
        return rank() == 0;
    }

    /** The number of processes of the mpirun job, when the launcher says. */
    public OptionalInt worldSize() {
        String size = variables.get("OMPI_COMM_WORLD_SIZE");
        return size == null ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(size.trim()));
    }
}
