package dev.nbc.examples.gradients;

import dev.nbc.core.Communicator;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressPolicy;
import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiTransport;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.Cli;
import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.MpiAbort;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * Data-parallel training's gradient sum as PyTorch DDP does it, on MPI ranks: a synthetic layered
 * model ({@link LayeredModel}) whose backward pass ({@link BackwardPass}) makes the gradients layer
 * by layer from the output, bucketed as DDP buckets them ({@link BucketPlan}); each variant
 * ({@link Variant}) sums the buckets over the ranks its way, overlapped (nbc's iallreduce of a
 * bucket as soon as it is ready, all awaited before the update) or blocking after the pass (nbc's
 * allreduce, or the MPI library's own). A step is the backward pass and the sums, up to where the
 * optimiser's update would begin.
 *
 * <p>Before the variants, {@link Calibration} times the blocking allreduce of every bucket (A)
 * and sets the pass's arithmetic so that it takes {@code --compute-ms}, or else A; the pass is then
 * timed alone. The variants' steps run interleaved ({@link Training#run(List, int, int)}). Beside
 * each variant's times, two predictions ({@link StepPrediction}), with c the pass alone as the
 * steps saw it (the blocking variant's pass, else the calibration's):
 * blocking = c + sum_b T_b, overlapped = f_B with f_b = max(r_b, f_{b-1}) + T_b (bucket b ready at
 * r_b), with T_b as measured in the calibration, and, given {@code --model FILE} or the LogGP
 * parameters, as nbc-models' schedule simulator predicts it.
 *
 * <p>Every step of every variant is checked: the gradients are whole multiples of 2^-10 of bounded
 * size ({@link GradientValues}), so their sum is exact in any order, and every rank compares
 * every element of every sum with it, bit for bit; the last step's sums (the same gradients in
 * every variant) must have the same digest on all ranks and in all variants.
 *
 * <p>Exit status: 0 every sum correct; 1 a sum was wrong, or the run failed (a failure on any
 * rank ends the job); 2 bad input, refused before MPI starts ({@link Cli}).
 */
@Command(name = "gradients", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Data-parallel training's gradient sum as PyTorch DDP does it: a synthetic layered model's backward pass "
                + "makes the gradients layer by layer, bucketed in reverse layer order; each bucket's nbc iallreduce starts as "
                + "soon as the bucket is ready (overlapped), against one blocking allreduce of each bucket after the pass "
                + "through nbc (blocking) and through the MPI library itself (mpi-blocking). Every sum is checked bit for bit.",
                "Run on MPI ranks: scripts/gradients --np 2 [options], or scripts/nbcrun -np 2 dev.nbc.examples.gradients.GradientsMain."},
        footer = {"", "Examples:",
                "  scripts/gradients --np 2",
                "  scripts/gradients --np 2 --model-mb 25 --buckets 25 --model results/model-mpi.json",
                "  scripts/netns-cluster run --hosts 2 --rate 1gbit -np 2 dev.nbc.examples.gradients.GradientsMain",
                "Exit: 0 every sum correct, 1 a sum was wrong or the run failed, 2 bad input."})
public final class GradientsMain implements Callable<Integer>, Checked {
    static final int EXIT_WRONG = 1;
    /** DDP's default cap is 25 MiB for models of hundreds of MiB; 1 MiB gives the default 25 MiB model 25 buckets. */
    static final double DEFAULT_BUCKET_MIB = 1;

    @Option(names = "--model-mb", paramLabel = "MIB", defaultValue = "25",
            description = "The model's size in MiB of doubles, its gradients summed each step (default: ${DEFAULT-VALUE}).")
    double modelMib;

    @Option(names = "--layers", paramLabel = "N", defaultValue = "50",
            description = "Layers of the model, of equal size (default: ${DEFAULT-VALUE}).")
    int layers;

    @Option(names = "--bucket-mb", paramLabel = "MIB",
            description = "DDP's bucket cap in MiB: a bucket is closed once it holds this much (default: 1, so 25 buckets of a 25 MiB model).")
    Double bucketMib;

    @Option(names = "--buckets", paramLabel = "N",
            description = "Instead of --bucket-mb: the cap that makes N buckets of equal size (fewer when the layers do not fall evenly).")
    Integer bucketCount;

    @Option(names = "--compute-ms", paramLabel = "MS",
            description = "The backward pass's compute per step (default: as long as the blocking allreduce of all buckets, measured at start).")
    Double computeMs;

    @Option(names = "--steps", paramLabel = "N", defaultValue = "20", description = "Timed steps per variant (default: ${DEFAULT-VALUE}).")
    int steps;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "3", description = "Untimed steps per variant before them (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--variant", split = ",", paramLabel = "V", defaultValue = "all",
            description = "overlapped, blocking, mpi-blocking or all (default: ${DEFAULT-VALUE}).")
    List<String> variantNames;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the gradients' values (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    LogGPOptions loggp;

    private final Set<Variant> variants = new LinkedHashSet<>();
    private LayeredModel model;
    private BucketPlan plan;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line; returns the exit status instead of exiting (for the tests). */
    public static int run(String... args) {
        return commandLine(JobEnvironment.current()).execute(args);
    }

    static CommandLine commandLine(JobEnvironment job) {
        return Cli.commandLine(new GradientsMain(), job);
    }

    @Override
    public void check(OptionChecks checks) {
        checks.positive("--model-mb", modelMib);
        checks.atLeast("--layers", layers, 1);
        checks.positive("--bucket-mb", bucketMib);
        checks.atLeast("--buckets", bucketCount, 1);
        checks.nonNegative("--compute-ms", computeMs);
        checks.atLeast("--steps", steps, 1);
        checks.atLeast("--warmup", warmup, 0);
        if (bucketMib != null && bucketCount != null) {
            checks.fail("--bucket-mb, --buckets: give one of them, not both");
        }
        for (String name : variantNames) {
            checks.libraryCheck("--variant", () -> variants.addAll(name.trim().equals("all") ? List.of(Variant.values())
                    : List.of(Variant.parse(name))));
        }
        checks.libraryCheck("--model-mb, --layers", () -> model = LayeredModel.ofMib(modelMib, layers));
        checks.fitsHeap("--model-mb", modelMib, 2.0 * model.bytes(), "direct buffers of the gradients and of their sums");
        checks.libraryCheck(bucketCount != null ? "--buckets" : "--bucket-mb", () -> plan = bucketCount != null
                ? BucketPlan.withCount(model, bucketCount)
                : BucketPlan.withCap(model, (long) Math.ceil((bucketMib != null ? bucketMib : DEFAULT_BUCKET_MIB) * LayeredModel.MIB)));
    }

    @Override
    public Integer call() throws MpiException {
        return MpiAbort.job("gradients", this::train);
    }

    /** The SPMD body: every rank calibrates, runs every variant and checks; rank 0 reports. The exit status, the same on every rank. */
    private int train(Mpi mpi) throws MpiException {
        try (ProgressEngine engine = ProgressEngine.start();
             Communicator comm = Communicator.create(engine, MpiTransport.create(mpi.world()))) {
            boolean prints = comm.rank() == 0;
            GradientBuffers gradients = new GradientBuffers(plan);
            GradientValues values = new GradientValues(seed);
            if (prints) {
                System.out.printf(Locale.ROOT, "gradients: %d MPI ranks, %s through %s; nbc's progress policy %s%n", comm.size(),
                        mpi.version(), mpi.access(), engine.policy());
                System.out.printf(Locale.ROOT, "model: %.2f MiB of doubles in %d layers, %s (DDP's assignment); %d steps per variant after %d warm-up%n",
                        (double) plan.model().bytes() / LayeredModel.MIB, plan.model().layers(), plan.describe(), steps, warmup);
            }
            Calibration calibration = Calibration.measure(comm, gradients, values, computeMs);
            if (prints) {
                System.out.printf(Locale.ROOT, "calibration: blocking allreduce of the %d buckets A = %.1f ms; backward pass alone c = %.1f ms "
                                + "(asked %.1f ms, %s; writing the gradients %.1f ms of it); medians of %d, slowest rank%n",
                        plan.buckets(), calibration.allreduceTotalMillis(), calibration.computeMillis(), calibration.targetMillis(),
                        computeMs != null ? "--compute-ms" : "= A", calibration.writeMillis(), Calibration.REPEATS);
            }
            Training training = new Training(comm, mpi.world().collectives(), gradients, values,
                    new BackwardPass(gradients, values, comm.rank(), calibration.unitsPerElement()));
            List<Training.Run> runs = training.run(List.copyOf(variants), warmup, steps);
            for (Training.Run run : runs) {
                Variant variant = run.variant();
                if (prints) {
                    System.out.printf(Locale.ROOT, "  %-13s median %8.1f ms  %s%n", variant.label(), run.millis().median(),
                            run.correct() ? "sums correct" : "WRONG: " + run.mismatches() + " sums differ from the exact ones"
                                    + (run.sameOnAllRanks() ? "" : ", and the ranks' sums differ"));
                }
            }
            boolean sameInAllVariants = runs.stream().mapToLong(Training.Run::digest).distinct().count() == 1;
            boolean correct = sameInAllVariants && runs.stream().allMatch(Training.Run::correct);
            if (prints) {
                report(runs, calibration, comm.size(), sharesCore(engine), correct, sameInAllVariants);
            }
            return correct ? 0 : EXIT_WRONG;
        }
    }

    /**
     * Whether this rank's progress thread runs on the core of its backward pass: the engine's
     * policy says so (SHARED), or the rank has one core only (a DEDICATED policy forced there
     * polls on the pass's core).
     */
    private static boolean sharesCore(ProgressEngine engine) {
        return engine.policy() == ProgressPolicy.SHARED || Runtime.getRuntime().availableProcessors() < 2;
    }

    private void report(List<Training.Run> runs, Calibration calibration, int size, boolean sharesCore, boolean correct,
                        boolean sameInAllVariants) {
        LogGPSource network = loggp.source();
        // c as the steps saw it: the blocking variant's pass is the pass alone, timed between the other variants' steps
        Optional<Training.Run> blocking = runs.stream().filter(r -> r.variant() == Variant.BLOCKING).findFirst();
        double compute = blocking.map(r -> r.passMillis().median()).orElse(calibration.computeMillis());
        StepPrediction fromParts = StepPrediction.fromParts(compute, plan, calibration.allreduceMillis());
        StepPrediction fromLogGP = network == null ? null : StepPrediction.fromLogGP(compute, plan, network, size, sharesCore);
        new GradientsReport(runs, fromParts, fromLogGP).print(System.out);
        System.out.println("predicted: blocking = c + sum_b T_b; overlapped = f_B, f_b = max(r_b, f_b-1) + T_b with bucket b ready at r_b"
                + " (StepPrediction); c = " + String.format(Locale.ROOT, "%.1f ms, ", compute)
                + (blocking.isPresent() ? "the blocking variant's pass (median)" : "the calibration's")
                + "; parts: T_b measured in the calibration; LogGP: "
                + (network == null ? "none (give --model FILE or --latency-us, --gap-per-byte-ns, ...)"
                        : "T_b simulated on " + network.describe() + (sharesCore ? ", the sums' CPU time added to c (shared core)" : "")));
        System.out.println(correct ? "gradients: every sum of every step equals the exact sum bit for bit on every rank; "
                + "the last step's sums are the same in all variants"
                : "gradients: WRONG sums" + (sameInAllVariants ? " (see above)" : "; the last step's sums differ between variants"));
    }
}
