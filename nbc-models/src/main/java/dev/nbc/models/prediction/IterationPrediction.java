package dev.nbc.models.prediction;

import dev.nbc.models.simulation.SimulationResult;

/**
 * What a collective costs an application loop that computes C per iteration, called blocking
 * (compute, then the collective) or overlapped (start it, compute, wait for it), from the schedule
 * simulator's outcome. The simulator splits each rank r's time in the collective (all ranks start
 * together) into its CPU work and its network time, {@code finish_r = cpu_r + net_r}
 * ({@link SimulationResult#cpuBusy}: o per send and receive, gamma per reduced or copied byte;
 * {@link SimulationResult#networkTime}: the rest, the CPU waiting for L, g and G). Then
 * <pre>
 *   blocking iteration   = C + max_r finish_r
 *   overlapped iteration = max_r (cpu_r + max(C, net_r))
 *   overlapped cost      = overlapped iteration - C
 * </pre>
 * The overlapped rank's one CPU does its computation and the collective's CPU work one after the
 * other, while the network's time passes during the computation; the iteration ends when both
 * are done, so the collective costs the application its CPU work, and only the network time that
 * C does not cover. This is LogGP's split of equations (4)-(6) ({@link dev.nbc.models.loggp.CostSplit})
 * with C in the gaps: for C = 0 both iterations are the collective's time, for C at least the
 * network time the overlapped one is C + cpu_r. It charges the collective's CPU to the
 * application's core, where it runs when the application tests the collective while it computes
 * (or a progress thread shares that core); it assumes tests often enough that every round starts
 * as soon as it can. The rank that makes the overlapped iteration longest is the one reported.
 *
 * @param computeNanos             C, the computation per iteration
 * @param collectiveNanos          the blocking collective's time: the last rank's finish
 * @param cpuNanos                 cpu_r of the rank reported
 * @param networkNanos             net_r of the rank reported
 * @param blockingIterationNanos   C + the collective's time
 * @param overlappedIterationNanos the overlapped iteration's time
 */
public record IterationPrediction(double computeNanos, double collectiveNanos, double cpuNanos, double networkNanos,
                                  double blockingIterationNanos, double overlappedIterationNanos) {

    /** The iterations of a loop that computes {@code computeNanos} around the collective {@code simulated}. */
    public static IterationPrediction of(SimulationResult simulated, double computeNanos) {
        if (!(computeNanos >= 0) || Double.isInfinite(computeNanos)) {
            throw new IllegalArgumentException("computeNanos: must be finite and >= 0, but was " + computeNanos);
        }
        int longest = 0;
        double overlapped = Double.NEGATIVE_INFINITY;
        for (int rank = 0; rank < simulated.size(); rank++) {
            double iteration = simulated.cpuBusy(rank) + Math.max(computeNanos, simulated.networkTime(rank));
            if (iteration > overlapped) {
                overlapped = iteration;
                longest = rank;
            }
        }
        double collective = simulated.maxFinishTime();
        return new IterationPrediction(computeNanos, collective, simulated.cpuBusy(longest), simulated.networkTime(longest),
                computeNanos + collective, overlapped);
    }

    /** What the overlapped collective still costs the application: the overlapped iteration minus C. */
    public double overlappedCostNanos() {
        return overlappedIterationNanos - computeNanos;
    }

    /** Blocking over overlapped iteration time: how much faster the loop runs overlapped. */
    public double speedup() {
        return overlappedIterationNanos > 0 ? blockingIterationNanos / overlappedIterationNanos : 1;
    }
}
