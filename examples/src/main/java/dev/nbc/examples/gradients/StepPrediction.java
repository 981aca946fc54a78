package dev.nbc.examples.gradients;

import dev.nbc.core.schedule.Collective;
import dev.nbc.models.prediction.CollectivePredictor;
import dev.nbc.models.prediction.Prediction;

/**
 * What a training step should take, from its parts. With c the backward pass's compute (timed
 * alone, without communication), the buckets b = 1..B in the order the pass makes them ready, and
 * T_b the time of bucket b's allreduce:
 * <ul>
 * <li>blocking (and mpi-blocking): {@code t = c + sum_b T_b}, the pass and then the sums;</li>
 * <li>overlapped: {@code t = f_B}, where {@code f_0 = 0} and {@code f_b = max(r_b, f_{b-1}) + T_b}:
 *     bucket b's allreduce starts when the bucket is ready, at {@code r_b = c' (n_1 + ... + n_b) / N}
 *     (the compute is proportional to the layers' sizes, n_b doubles of N), and when the one before
 *     it has finished, since they share the link. c' = c when the rank has a core for its progress
 *     thread; when the two share one (policy SHARED, or a rank with one core), the sums' CPU time
 *     {@code C_b} is taken from the pass's: {@code c' = c + sum_b C_b}.</li>
 * </ul>
 * C_b is the sums' own work (o per message, gamma per reduced byte, and LogGOPS's O per byte sent
 * and received when the model has it: the host's kernel moving the bytes); what a progress thread costs
 * beyond it on a shared core (a DEDICATED thread's polling, a SHARED thread's wake-ups) is not
 * modelled: the report's progress column measures it.
 * Since f_B &gt;= r_B + T_B = c' + T_B, the overlapped step never beats the compute plus the last
 * bucket's sum. For B equal buckets and c = sum_b T_b (the default calibration) on a dedicated
 * core, f_B = c (1 + 1/B), and blocking / overlapped = 2B / (B + 1): 1.92 for B = 25.
 *
 * <p>T_b and C_b come from nbc-models: the schedule simulator runs the allreduce schedule nbc's
 * selector picks for the bucket's size on the network's LogGP parameters
 * ({@link CollectivePredictor}: its finish time and its busiest rank's CPU time, o per message,
 * gamma per reduced byte, O per byte moved), or they are the blocking allreduces measured before the run
 * ({@link #fromParts}, C_b = 0): that prediction tests only the overlap, the LogGP one the model too.
 *
 * @param blockingMillis   blocking's and mpi-blocking's step
 * @param overlappedMillis overlapped's step
 */
public record StepPrediction(double blockingMillis, double overlappedMillis) {

    /** The prediction for {@code variant}'s step. */
    public double millis(Variant variant) {
        return variant.overlapsBackwardPass() ? overlappedMillis : blockingMillis;
    }

    /**
     * From the buckets' allreduce times {@code allreduceMillis} (by bucket) and their CPU times
     * {@code cpuMillis}, for a pass of {@code computeMillis}.
     */
    public static StepPrediction of(double computeMillis, BucketPlan plan, double[] allreduceMillis, double[] cpuMillis,
                                    boolean sharesCore) {
        double sums = 0;
        double cpu = 0;
        for (int b = 0; b < plan.buckets(); b++) {
            sums += allreduceMillis[b];
            cpu += cpuMillis[b];
        }
        double stretched = computeMillis + (sharesCore ? cpu : 0);
        double total = plan.model().elements();
        long done = 0;
        double finish = 0;
        for (int b = 0; b < plan.buckets(); b++) {
            done += plan.elements(b);
            double ready = stretched * done / total;
            finish = Math.max(ready, finish) + allreduceMillis[b];
        }
        return new StepPrediction(computeMillis + sums, finish);
    }

    /** With the buckets' blocking allreduces as measured ({@code allreduceMillis}), no CPU share. */
    public static StepPrediction fromParts(double computeMillis, BucketPlan plan, double[] allreduceMillis) {
        return of(computeMillis, plan, allreduceMillis, new double[plan.buckets()], false);
    }

    /** With each bucket's allreduce on {@code processes} ranks predicted from {@code network}'s LogGP parameters. */
    public static StepPrediction fromLogGP(double computeMillis, BucketPlan plan, LogGPSource network, int processes,
                                           boolean sharesCore) {
        double[] time = new double[plan.buckets()];
        double[] cpu = new double[plan.buckets()];
        for (int b = 0; b < plan.buckets(); b++) {
            long bytes = plan.bytes(b);
            Prediction p = CollectivePredictor.predict(network.parameters(processes, bytes), Collective.ALLREDUCE, null, bytes);
            time[b] = p.time() / 1e6;
            cpu[b] = p.cpuBusy() / 1e6;
        }
        return of(computeMillis, plan, time, cpu, sharesCore);
    }
}
