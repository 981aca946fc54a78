package dev.nbc.models.simulation;

/**
 * The chain of dependencies that determined a rank's finish time, summarized by what it consists
 * of: {@code cpu + noise + network == finish}. The simulator follows, at every max() it takes, the
 * later operand, so the path is the one the finish time actually came from.
 *
 * @param finish   the rank's finish time (ns)
 * @param cpu      CPU work on the path: overheads o, reductions, copies (ns)
 * @param noise    detour time on the path that delayed that CPU work (ns)
 * @param network  the rest: latency, transfer (m-1)G, waiting for the NIC (g) (ns)
 * @param messages number of messages on the path
 */
public record CriticalPath(double finish, double cpu, double noise, double network, int messages) {
}
