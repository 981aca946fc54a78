package dev.nbc.examples.gradients;

import dev.nbc.core.Communicator;
import dev.nbc.core.transport.mpi.MpiCollectives;
import dev.nbc.examples.shared.AcrossRanks;
import dev.nbc.examples.shared.Timings;

import java.util.Arrays;

/**
 * Training steps of one rank, each the backward pass and the sum of its buckets the way a
 * {@link Variant} does it, every step checked: each sum must equal the exact sum bit for bit
 * ({@link GradientValues}). All ranks run the same steps (their collectives must match).
 */
public final class Training {
    private final Communicator comm;
    private final MpiCollectives library;
    private final GradientBuffers gradients;
    private final GradientValues values;
    private final BackwardPass pass;

    /** @param library the MPI library's own collectives for {@link Variant#MPI_BLOCKING}; null without MPI */
    public Training(Communicator comm, MpiCollectives library, GradientBuffers gradients, GradientValues values, BackwardPass pass) {
        this.comm = comm;
        this.library = library;
        this.gradients = gradients;
        this.values = values;
        this.pass = pass;
    }

    /**
     * What a variant's steps did, as every rank reports it.
     *
     * @param millis          each timed step's time, the slowest rank's
     * @param passMillis      the backward pass's part of it (to the last bucket ready), the slowest rank's: the
     *                        compute as the step saw it, longer than the calibration's c when the progress thread
     *                        or another process took the core meanwhile
     * @param progressCpuMillis the CPU time of this rank's progress thread per timed step, the largest over the
     *                        ranks (NaN where the JVM does not measure thread CPU time): what the sums cost the core
     *                        the pass runs on when the two share it
     * @param mismatches      elements of any step (warm-up included) whose sum differed from the exact one, over all ranks
     * @param digest          this rank's digest of the last step's sums ({@link GradientBuffers#digest})
     * @param sameOnAllRanks  whether every rank's digest of the last step was this one
     */
    public record Run(Variant variant, Timings millis, Timings passMillis, double progressCpuMillis, long mismatches, long digest, boolean sameOnAllRanks) {
        public boolean correct() {
            return mismatches == 0 && sameOnAllRanks;
        }
    }

    /**
     * {@code warmup} untimed steps and then {@code steps} timed ones with {@code variant}; steps
     * are numbered from 0 for every variant, so that the last steps of all variants sum the same
     * gradients. Each step starts after a barrier (so that the slowest rank's time is the step's)
     * and is timed from there to every sum in place; the checks between steps are not timed.
     */
    public Run run(Variant variant, int warmup, int steps) {
        GradientSum sum = variant.sum(comm, library, gradients);
        long wrong = 0;
        double[] millis = new double[2 * steps];
        long cpuAtStart = 0;
        for (int step = 0; step < warmup + steps; step++) {
            if (step == warmup) {
                cpuAtStart = comm.engine().threadCpuNanos();
            }
            comm.barrier();
            long start = System.nanoTime();
            pass.run(step, sum::ready);
            long passed = System.nanoTime();
            sum.complete();
            long end = System.nanoTime();
            if (step >= warmup) {
                millis[step - warmup] = (end - start) / 1e6;
                millis[steps + step - warmup] = (passed - start) / 1e6;
            }
            wrong += gradients.mismatches(values, comm.size(), step);
        }
        long cpuAtEnd = comm.engine().threadCpuNanos();
        double progressCpu = AcrossRanks.slowest(comm, cpuAtStart < 0 || cpuAtEnd < 0 ? Double.NaN : (cpuAtEnd - cpuAtStart) / 1e6 / steps);
        AcrossRanks.slowest(comm, millis);
        long digest = gradients.digest();
        return new Run(variant, new Timings(Arrays.copyOf(millis, steps)), new Timings(Arrays.copyOfRange(millis, steps, 2 * steps)),
                progressCpu, AcrossRanks.total(comm, wrong), digest, AcrossRanks.sameOnAllRanks(comm, digest));
    }
}
