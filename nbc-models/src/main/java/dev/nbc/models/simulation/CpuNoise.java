package dev.nbc.models.simulation;

/**
 * Operating-system noise as seen by the simulator: detours that steal a rank's CPU. The simulator
 * asks it for every CPU-busy interval (each o, each reduction, each copy) when that work ends if
 * it starts at {@code start}; the difference to {@code start + work} is the noise delay. Network
 * activity (L, g, G) is not delayed: the NIC works on while the CPU is away.
 *
 * <p>This is the hook for the jitter simulation (jitSim, De and Mann): implement it with a
 * measured detour trace ({@link DetourNoise}) or any other model. Implementations must be
 * deterministic functions of their arguments, because the simulator may evaluate ranks in any order.
 */
@FunctionalInterface
public interface CpuNoise {

    /** No noise: work ends at {@code start + work}. */
    CpuNoise NONE = (rank, start, work) -> start + work;

    /**
     * When {@code work} ns of CPU work of rank {@code rank}, started at {@code start}, finish.
     *
     * @return a time {@code >= start + work}
     */
    double finish(int rank, double start, double work);
}
