package dev.nbc.models.prediction;

import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.schedule.Collective;

import dev.nbc.models.loggp.CostSplit;
import dev.nbc.models.loggp.LogGPParameters;

/**
 * What the models predict for one collective (ns).
 *
 * @param collective       which collective
 * @param algorithm        the nbc-core algorithm simulated
 * @param processes        P
 * @param bytes            message size
 * @param parameters       the LogGP parameters used (g and G from the size's protocol region)
 * @param time             simulator: the last rank's finish time (all start at 0)
 * @param cpuBusy          simulator: the busiest rank's CPU time (o per send and receive, γ per reduced byte)
 * @param overlapPotential simulator: mean over ranks of 1 - cpuBusy / finish, the share of the
 *                         collective's time the CPU is free
 * @param equations        the paper's equations (1)-(6) for the same P and size (they assume the
 *                         dissemination barrier, binomial broadcast and binomial reduce + broadcast);
 *                         null for a collective they do not cover ({@link CollectivePredictor#covered()})
 */
public record Prediction(Collective collective, Algorithm algorithm, int processes, long bytes,
                         LogGPParameters parameters, double time, double cpuBusy, double overlapPotential,
                         CostSplit equations) {

    /** CPU share of the busiest rank: cpuBusy / time (0 when the collective takes no time). */
    public double cpuShare() {
        return time > 0 ? cpuBusy / time : 0;
    }
}
