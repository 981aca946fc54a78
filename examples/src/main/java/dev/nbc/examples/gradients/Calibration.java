package dev.nbc.examples.gradients;

import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.examples.shared.AcrossRanks;
import dev.nbc.examples.shared.Timings;
import dev.nbc.models.assessment.measure.FixedWork;

/**
 * What is measured before the variants run, on every rank alike, each time the slowest rank's and
 * the median of {@link #REPEATS}, after {@link #REPEATS} untimed rounds of both (for the JIT):
 * <ol>
 * <li>each bucket's blocking nbc allreduce, back to back in bucket order as the blocking variant
 *     runs them: T_b of the prediction from parts, and their sum A;</li>
 * <li>the backward pass with no arithmetic, only writing the gradients: w;</li>
 * <li>the arithmetic per element that makes the pass take the target, {@code --compute-ms} or
 *     else A (so that the pass and the sums take about as long, where overlapping them gains most):
 *     a first guess {@code u1 = (target - w) / (unit N)} for N elements from the {@link FixedWork}
 *     unit's best time on the slowest rank, then the pass timed with it, c1, and the line through
 *     (0, w) and (u1, c1) solved for the target, since the unit's best time alone is optimistic
 *     (the pass's loops are not the calibration's, and other threads take their share); none when
 *     w alone exceeds the target;</li>
 * <li>the backward pass with that arithmetic, alone: c, the compute of the predictions.</li>
 * </ol>
 *
 * @param allreduceMillis by bucket, its blocking allreduce
 * @param writeMillis     w, the pass without arithmetic
 * @param targetMillis    the compute asked for
 * @param unitsPerElement the arithmetic per gradient element that gives it
 * @param computeMillis   c, the pass as calibrated, timed alone
 */
public record Calibration(double[] allreduceMillis, double writeMillis, double targetMillis, double unitsPerElement,
                          double computeMillis) {
    /** Timed rounds of each measurement (and as many untimed ones before). */
    static final int REPEATS = 5;

    /** The blocking allreduces of all buckets: A. */
    public double allreduceTotalMillis() {
        double total = 0;
        for (double t : allreduceMillis) {
            total += t;
        }
        return total;
    }

    /**
     * Calibrates on {@code gradients}, with the backward pass taking {@code computeMillis}, or
     * null for A. Steps numbered below 0, so apart from the training's.
     */
    public static Calibration measure(Communicator comm, GradientBuffers gradients, GradientValues values, Double computeMillis) {
        BucketPlan plan = gradients.plan();
        BackwardPass writeOnly = new BackwardPass(gradients, values, comm.rank(), 0);
        for (int i = 0; i < REPEATS; i++) {
            writeOnly.run(-1, bucket -> { });
            allreduceEach(comm, gradients, new double[plan.buckets()]);
        }
        double[][] rounds = new double[REPEATS][plan.buckets()];
        for (double[] round : rounds) {
            allreduceEach(comm, gradients, round);
            AcrossRanks.slowest(comm, round);
        }
        double[] allreduce = new double[plan.buckets()];
        for (int b = 0; b < allreduce.length; b++) {
            double[] ofBucket = new double[REPEATS];
            for (int r = 0; r < REPEATS; r++) {
                ofBucket[r] = rounds[r][b];
            }
            allreduce[b] = new Timings(ofBucket).median();
        }
        double write = passMillis(comm, writeOnly);
        double unit = AcrossRanks.slowest(comm, FixedWork.nanosPerUnit());
        double sum = 0;
        for (double t : allreduce) {
            sum += t;
        }
        double target = computeMillis != null ? computeMillis : sum;
        double guess = Math.max(0, target - write) * 1e6 / (unit * plan.model().elements());
        if (guess == 0) {
            return new Calibration(allreduce, write, target, 0, write);
        }
        double trial = passMillis(comm, new BackwardPass(gradients, values, comm.rank(), guess));
        double units = trial > write ? (target - write) * guess / (trial - write) : guess;
        double compute = passMillis(comm, new BackwardPass(gradients, values, comm.rank(), units));
        return new Calibration(allreduce, write, target, units, compute);
    }

    /** Each bucket's blocking allreduce in bucket order, after a barrier; this rank's ms into {@code millis}. */
    private static void allreduceEach(Communicator comm, GradientBuffers gradients, double[] millis) {
        comm.barrier();
        for (int b = 0; b < millis.length; b++) {
            long start = System.nanoTime();
            comm.allreduce(gradients.gradients(b), gradients.sums(b), gradients.plan().elements(b), DataType.DOUBLE, ReduceOp.SUM);
            millis[b] = (System.nanoTime() - start) / 1e6;
        }
    }

    /** The median of {@link #REPEATS} passes (after as many untimed), each after a barrier and the slowest rank's. */
    private static double passMillis(Communicator comm, BackwardPass pass) {
        double[] millis = new double[REPEATS];
        for (int r = -REPEATS; r < REPEATS; r++) {
            comm.barrier();
            long start = System.nanoTime();
            pass.run(-2, bucket -> { });
            if (r >= 0) {
                millis[r] = (System.nanoTime() - start) / 1e6;
            }
        }
        AcrossRanks.slowest(comm, millis);
        return new Timings(millis).median();
    }
}
