package dev.nbc.examples.gradients;

import dev.nbc.core.Communicator;
import dev.nbc.core.transport.mpi.MpiCollectives;
import dev.nbc.examples.shared.AcrossRanks;
import dev.nbc.examples.shared.Timings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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

    /** {@link #run(List, int, int)} with one variant. */
    public Run run(Variant variant, int warmup, int steps) {
        return run(List.of(variant), warmup, steps).get(0);
    }

    /**
     * {@code warmup} untimed steps and then {@code steps} timed ones of every variant, interleaved
     * (step 0 of each variant in turn, then step 1, ...), so that a machine whose speed drifts
     * over the minutes of a run slows them all alike and their ratios stay fair. Steps are
     * numbered from 0 for every variant, so that the last steps of all variants sum the same
     * gradients. Each step starts after a barrier (so that the slowest rank's time is the step's)
     * and is timed from there to every sum in place; the checks between steps are not timed.
     */
    public List<Run> run(List<Variant> variants, int warmup, int steps) {
        int v = variants.size();
        GradientSum[] sums = new GradientSum[v];
        for (int i = 0; i < v; i++) {
            sums[i] = variants.get(i).sum(comm, library, gradients);
        }
        long[] wrong = new long[v];
        long[] digests = new long[v];
        long[] progressCpu = new long[v];
        boolean cpuMeasured = true;
        double[][] millis = new double[v][2 * steps];
        for (int step = 0; step < warmup + steps; step++) {
            for (int i = 0; i < v; i++) {
                long cpuBefore = comm.engine().threadCpuNanos();
                comm.barrier();
                long start = System.nanoTime();
                pass.run(step, sums[i]::ready);
                long passed = System.nanoTime();
                sums[i].complete();
                long end = System.nanoTime();
                long cpuAfter = comm.engine().threadCpuNanos();
                if (step >= warmup) {
                    millis[i][step - warmup] = (end - start) / 1e6;
                    millis[i][steps + step - warmup] = (passed - start) / 1e6;
                    progressCpu[i] += cpuAfter - cpuBefore;
                    cpuMeasured &= cpuBefore >= 0 && cpuAfter >= 0;
                }
                wrong[i] += gradients.mismatches(values, comm.size(), step);
                if (step == warmup + steps - 1) {
                    digests[i] = gradients.digest();
                }
            }
        }
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < v; i++) {
            double cpu = AcrossRanks.slowest(comm, cpuMeasured ? progressCpu[i] / 1e6 / steps : Double.NaN);
            AcrossRanks.slowest(comm, millis[i]);
            runs.add(new Run(variants.get(i), new Timings(Arrays.copyOf(millis[i], steps)),
                    new Timings(Arrays.copyOfRange(millis[i], steps, 2 * steps)), cpu, AcrossRanks.total(comm, wrong[i]), digests[i],
                    AcrossRanks.sameOnAllRanks(comm, digests[i])));
        }
        return runs;
    }
}
