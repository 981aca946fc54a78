package dev.nbc.models.prediction;

import dev.nbc.models.simulation.SimulationResult;

/**
 * What a collective costs an application loop that computes C per iteration, called blocking
 * (compute, then the collective) or overlapped (start it, compute, wait for it), from the schedule
 * simulator. The simulator splits each rank r's time in the collective into its CPU work and its
 * network time, {@code finish_r - start_r = cpu_r + net_r} ({@link SimulationResult#cpuBusy}: o per
 * send and receive, gamma per reduced or copied byte; {@link SimulationResult#networkTime}: the
 * rest, the CPU waiting for L, g and G). Rank r's k-th iteration starts when its (k-1)-th ended,
 * at e_r(k-1) (e_r(0) = 0), and
 * <pre>
 *   blocking:    the collective entered at s_r = e_r(k-1) + C;  e_r(k) = finish_r
 *   overlapped:  the collective entered at s_r = e_r(k-1);      e_r(k) = s_r + cpu_r + max(C, net_r)
 *                                                                      = max(s_r + C + cpu_r, finish_r)
 *   iteration  = e_r(k) - e_r(k-1), once it no longer changes from one k to the next (the slowest rank's)
 * </pre>
 * each k one simulation with the ranks entering at their s_r. Overlapped, the rank's one CPU does
 * its computation and the collective's CPU work one after the other, while the network's time
 * passes during the computation; the iteration ends when both are done, so the collective costs
 * the application its CPU work and only the network time that C does not cover. Where the ranks
 * enter together every time (a symmetric collective: allreduce, allgather, alltoall, barrier) the
 * first iteration is already the steady one, and these are C + max_r finish_r and
 * max_r (cpu_r + max(C, net_r)): LogGP's split of equations (4)-(6) ({@link dev.nbc.models.loggp.CostSplit})
 * with C in the gaps (for C = 0 both are the collective's time). A rooted one (bcast, reduce,
 * gather, scatter) pipelines: its root runs ahead of the leaves, which find their data there, and
 * the loop settles at a shorter iteration than C + finish. The overlapped iteration charges the
 * collective's CPU to the application's core, where it runs when the application tests the
 * collective while it computes (or a progress thread shares that core), and assumes tests often
 * enough that every round starts as soon as it can.
 *
 * @param computeNanos             C, the computation per iteration
 * @param collectiveNanos          the collective alone, every rank entering at once: the last rank's finish
 * @param cpuNanos                 cpu_r in it, of the rank with the longest cpu_r + max(C, net_r)
 * @param networkNanos             net_r of that rank
 * @param blockingIterationNanos   the blocking loop's iteration
 * @param overlappedIterationNanos the overlapped loop's iteration
 */
public record IterationPrediction(double computeNanos, double collectiveNanos, double cpuNanos, double networkNanos,
                                  double blockingIterationNanos, double overlappedIterationNanos) {
    /** Iterations simulated at most before the loop's iteration is taken as the mean over the last half. */
    static final int MAX_ITERATIONS = 64;
    /** Two iterations in a row this close (relative) are the loop's steady one. */
    static final double SETTLED = 1e-9;

    /** The iterations of a loop that computes {@code computeNanos} around the collective {@code simulated}. */
    public static IterationPrediction of(CollectivePredictor.Simulation simulated, double computeNanos) {
        if (!(computeNanos >= 0) || Double.isInfinite(computeNanos)) {
            throw new IllegalArgumentException("computeNanos: must be finite and >= 0, but was " + computeNanos);
        }
        SimulationResult together = simulated.result();
        int longest = 0;
        double longestIteration = Double.NEGATIVE_INFINITY;
        for (int rank = 0; rank < together.size(); rank++) {
            double iteration = together.cpuBusy(rank) + Math.max(computeNanos, together.networkTime(rank));
            if (iteration > longestIteration) {
                longestIteration = iteration;
                longest = rank;
            }
        }
        return new IterationPrediction(computeNanos, together.maxFinishTime(), together.cpuBusy(longest),
                together.networkTime(longest), iteration(simulated, computeNanos, false), iteration(simulated, computeNanos, true));
    }

    /** The loop's steady iteration by the rules of the class comment. */
    private static double iteration(CollectivePredictor.Simulation simulated, double computeNanos, boolean overlapped) {
        int size = simulated.result().size();
        double[] ends = new double[size];
        double[] slowestEnds = new double[MAX_ITERATIONS + 1];
        double previous = Double.NaN;
        for (int k = 1; k <= MAX_ITERATIONS; k++) {
            double[] starts = new double[size];
            for (int r = 0; r < size; r++) {
                starts[r] = ends[r] + (overlapped ? 0 : computeNanos);
            }
            SimulationResult run = simulated.simulator().run(simulated.schedules(), starts);
            double iteration = 0;
            for (int r = 0; r < size; r++) {
                double end = overlapped ? Math.max(starts[r] + computeNanos + run.cpuBusy(r), run.finishTime(r)) : run.finishTime(r);
                iteration = Math.max(iteration, end - ends[r]);
                ends[r] = end;
                slowestEnds[k] = Math.max(slowestEnds[k], end);
            }
            if (Math.abs(iteration - previous) <= SETTLED * iteration) {
                return iteration;
            }
            previous = iteration;
        }
        int half = MAX_ITERATIONS / 2;
        return (slowestEnds[MAX_ITERATIONS] - slowestEnds[half]) / (MAX_ITERATIONS - half);
    }

    /** What the overlapped collective still costs the application: the overlapped iteration minus C. */
    public double overlappedCostNanos() {
        return overlappedIterationNanos - computeNanos;
    }

    /** What the blocking collective costs the application: the blocking iteration minus C. */
    public double blockingCostNanos() {
        return blockingIterationNanos - computeNanos;
    }

    /** Blocking over overlapped iteration time: how much faster the loop runs overlapped. */
    public double speedup() {
        return overlappedIterationNanos > 0 ? blockingIterationNanos / overlappedIterationNanos : 1;
    }
}
