package dev.nbc.examples.gradients;

import dev.nbc.models.loggp.LogGPParameters;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The step predictions: blocking = c + sum T_b, overlapped = the pipeline of buckets behind the backward pass. */
class StepPredictionTest {
    private static final BucketPlan PLAN = BucketPlan.withCap(LayeredModel.ofMib(25, 50), LayeredModel.MIB);

    @Test
    void equalBucketsAndComputeEqualToTheSumsGiveTwoBOverBPlusOne() {
        double[] t = new double[25];
        Arrays.fill(t, 10);
        StepPrediction p = StepPrediction.fromParts(250, PLAN, t);
        assertEquals(500, p.blockingMillis(), 1e-9);
        assertEquals(260, p.overlappedMillis(), 1e-9, "c + T_B: every bucket's sum ends before the next is ready");
        assertEquals(2.0 * 25 / 26, p.blockingMillis() / p.overlappedMillis(), 1e-9);
        assertEquals(p.blockingMillis(), p.millis(Variant.MPI_BLOCKING));
        assertEquals(p.overlappedMillis(), p.millis(Variant.OVERLAPPED));
    }

    @Test
    void sumsSlowerThanTheComputeQueueBehindTheFirstBucket() {
        double[] t = new double[25];
        Arrays.fill(t, 20);
        StepPrediction p = StepPrediction.fromParts(250, PLAN, t);
        assertEquals(10 + 25 * 20, p.overlappedMillis(), 1e-9, "r_1 = 10, then back to back");
    }

    @Test
    void aSharedCoreStretchesTheComputeByTheSumsCpuTime() {
        double[] t = new double[25];
        Arrays.fill(t, 10);
        double[] cpu = new double[25];
        Arrays.fill(cpu, 1);
        assertEquals(250 + 25 + 10, StepPrediction.of(250, PLAN, t, cpu, true).overlappedMillis(), 1e-9);
        assertEquals(260, StepPrediction.of(250, PLAN, t, cpu, false).overlappedMillis(), 1e-9);
    }

    @Test
    void fromLogGPTheSumsTakeAboutTheBytesOverTheBandwidth() {
        // 1 Gbit/s: G = 8 ns/B; two ranks exchange about a bucket each way per allreduce
        LogGPSource network = LogGPSource.of(new LogGPParameters(50_000, 5_000, 5_000, 8, 1, 0.25));
        StepPrediction p = StepPrediction.fromLogGP(0, PLAN, network, 2, false);
        double perBucket = p.blockingMillis() / 25;
        assertTrue(perBucket > LayeredModel.MIB * 8 / 1e6 * 0.9 && perBucket < LayeredModel.MIB * 8 / 1e6 * 2.5,
                "per bucket " + perBucket + " ms");
        StepPrediction withCompute = StepPrediction.fromLogGP(p.blockingMillis(), PLAN, network, 2, false);
        assertTrue(withCompute.blockingMillis() / withCompute.overlappedMillis() > 1.8, withCompute.toString());
    }
}
