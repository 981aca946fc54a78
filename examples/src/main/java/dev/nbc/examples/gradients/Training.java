package dev.nbc.examples.gradients;

import dev.nbc.core.Communicator;
import dev.nbc.core.transport.mpi.MpiCollectives;
import dev.nbc.examples.shared.AcrossRanks;
import dev.nbc.examples.shared.Timings;

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
     * @param mismatches      elements of any step (warm-up included) whose sum differed from the exact one, over all ranks
     * @param digest          this rank's digest of the last step's sums ({@link GradientBuffers#digest})
     * @param sameOnAllRanks  whether every rank's digest of the last step was this one
     */
    public record Run(Variant variant, Timings millis, long mismatches, long digest, boolean sameOnAllRanks) {
        public boolean correct() {
            return mismatches == 0 && sameOnAllRanks;
        }
    }

    /**
     * {@code warmup} untimed steps and then {@code steps} timed ones with {@code variant}; steps
     * are numbered from 0 for every variant, so that the last steps of all variants sum the same
     * gradients.
     */
    public Run run(Variant variant, int warmup, int steps) {
        GradientSum sum = variant.sum(comm, library, gradients);
        long wrong = 0;
        double[] millis = new double[steps];
        for (int step = 0; step < warmup + steps; step++) {
            long nanos = step(sum, step);
            if (step >= warmup) {
                millis[step - warmup] = nanos / 1e6;
            }
            wrong += gradients.mismatches(values, comm.size(), step);
        }
        AcrossRanks.slowest(comm, millis);
        long digest = gradients.digest();
        return new Run(variant, new Timings(millis), AcrossRanks.total(comm, wrong), digest, AcrossRanks.sameOnAllRanks(comm, digest));
    }

    /** One step, ranks aligned by a barrier first: the pass and every bucket's sum; this rank's nanoseconds. */
    private long step(GradientSum sum, int step) {
        comm.barrier();
        long start = System.nanoTime();
        pass.run(step, sum::ready);
        sum.complete();
        return System.nanoTime() - start;
    }
}
