package dev.nbc.examples.gauss;

import dev.nbc.core.Communicator;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.Cli;
import dev.nbc.harness.cli.JobEnvironment;
import dev.nbc.harness.cli.NetworkOptions;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.harness.cli.RankRuns;
import dev.nbc.harness.cli.ResultFiles;
import dev.nbc.harness.cli.TransportKind;
import dev.nbc.harness.cli.TransportOptions;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.examples.shared.AcrossRanks;
import dev.nbc.examples.shared.Timings;
import dev.nbc.harness.ranks.InProcessRanks;
import dev.nbc.harness.ranks.Ranks;
import dev.nbc.harness.ranks.Session;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The driver of the Gaussian-elimination example: solves seeded systems with each variant of
 * {@link DistributedGauss} on a grid of n and P, checks every answer, and reports the times.
 *
 * <p>Every run is checked: the scaled residual {@code ||Ax-b||/(||A|| ||x||)} must stay below
 * {@code n * 1e-14} (GEPP is backward stable: the residual is bounded by a small multiple of
 * n * eps * growth factor, about 2.2e-16 n times a growth that is O(1)-O(10) for these matrices, so
 * n * 1e-14 = 45 n eps leaves room for the growth and still catches any real error, which leaves
 * a residual of order 1); x must equal the sequential reference bit for bit (see
 * {@link SequentialGauss}); and every rank must hold the same x. Each (variant, P) also solves the
 * Hilbert system of order 10 (condition ~3.5e13), whose residual obeys the same bound although its
 * forward error is ~1e-3.
 *
 * <p>Exit status: 0 all correct; 1 a check failed (or the run failed); 2 bad input (options, n &lt; 1,
 * P &gt; n, a matrix that cannot fit in the heap, an unwritable --csv/--plot); 3 singular matrix.
 * Every option is checked before anything is solved ({@link Cli}).
 */
@Command(name = "gauss", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Gaussian elimination with partial pivoting, distributed column-cyclically over nbc "
                + "(Hoefler et al., 'A Case for Non-Blocking Collective Operations', Listings 2 and 3).",
                "Variants: blocking (Listing 2), lookahead (Listing 3), column (one ibcast of all multipliers "
                        + "per step, one step ahead)."},
        footer = {"", "Examples:",
                "  java -cp examples/target/nbc-examples.jar dev.nbc.examples.gauss.GaussMain --n 256,512 --ranks 1,2,4",
                "  ... GaussMain --n 256 --ranks 2,4 --latency-us 20 --overhead-us 1",
                "  scripts/nbcrun -np 4 dev.nbc.examples.gauss.GaussMain --transport mpi --n 256,512",
                "Exit: 0 correct, 1 a check failed, 2 bad input, 3 singular matrix."})
public final class GaussMain implements Callable<Integer>, Checked {
    static final int EXIT_CHECK_FAILED = 1;
    static final int EXIT_BAD_INPUT = Cli.EXIT_USAGE;
    static final int EXIT_SINGULAR = 3;
    static final int HILBERT_ORDER = 10;

    @Spec
    CommandSpec spec;

    @Option(names = "--n", split = ",", description = "system sizes (default: ${DEFAULT-VALUE})", defaultValue = "256")
    int[] sizes;

    @Option(names = "--variant", split = ",", description = "blocking|lookahead|column|all or 1,2,3 (default: all)",
            defaultValue = "all")
    String[] variantNames;

    @Mixin
    TransportOptions transportOptions;
    /** --transport, else what the environment implies (as the checks saw it). */
    private TransportKind transport;

    @Option(names = "--ranks", split = ",", description = "in-process rank counts P (default: ${DEFAULT-VALUE}); mpi and tcp use the job's size",
            defaultValue = "1,2,4")
    int[] ranks;

    @Option(names = "--matrix", description = "random|hilbert|vandermonde|singular (default: ${DEFAULT-VALUE})", defaultValue = "random")
    String matrix;

    @Option(names = "--seed", description = "seed of the random matrix (default: ${DEFAULT-VALUE})", defaultValue = "42")
    long seed;

    @Option(names = "--repeat", description = "timed solves per point; the median is reported (default: ${DEFAULT-VALUE})",
            defaultValue = "1")
    int repeat;

    @Mixin
    NetworkOptions network;

    @Option(names = "--csv", description = "write the measurements as CSV")
    Path csv;

    @Option(names = "--plot", description = "write a PNG of time and speedup over n (XChart; .png is added when missing)")
    Path plot;

    @Option(names = "--from-csv", split = ",", description = "solve nothing: read these CSV files of earlier runs "
            + "(e.g. one MPI job per P) and print their table and --plot/--csv of them together")
    List<Path> fromCsv;

    @Option(names = "--timeout-s", description = "in-process: give up on a P after this many seconds (default: ${DEFAULT-VALUE})",
            defaultValue = "3600")
    long timeoutSeconds;

    private final List<Variant> variants = new ArrayList<>();
    /** The runs read from --from-csv, or null. */
    private List<Measurement> earlierRuns;
    /** The rank counts to run: --ranks in-process, the job's size for the ranks of an mpirun job. */
    private int[] rankCounts;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line; returns the exit status instead of exiting (for the tests). */
    public static int run(String... args) {
        return commandLine(JobEnvironment.current()).execute(args);
    }

    static CommandLine commandLine(JobEnvironment job) {
        return Cli.commandLine(new GaussMain(), job);
    }

    @Override
    public void check(OptionChecks checks) {
        transport = transportOptions.kind(checks.job());
        checks.atLeast("--repeat", repeat, 1);
        checks.atLeast("--timeout-s", timeoutSeconds, 1);
        for (int p : ranks) {
            checks.rankCount("--ranks", p);
        }
        network.checkUsedWith(transport, checks);
        transportOptions.check(transport, checks);
        checks.libraryCheck("--matrix", () -> MatrixSource.named(matrix, 1, seed));
        for (String name : variantNames) {
            checks.libraryCheck("--variant", () -> variants.addAll(name.equals("all") ? List.of(Variant.values()) : List.of(Variant.parse(name))));
        }
        if (csv != null) {
            checks.require(!Files.isDirectory(csv), "--csv", "a file, not a directory", csv);
        }
        if (plot != null) {
            checks.require(!Files.isDirectory(plotFile()), "--plot", "a file, not a directory", plotFile());
        }
        if (fromCsv != null) {
            checks.libraryCheck("--from-csv", () -> earlierRuns = GaussReport.readCsv(fromCsv));
            outputs().forEach(checks::writable);
            return;
        }
        boolean inProcess = transport == TransportKind.INPROCESS;
        rankCounts = inProcess ? ranks : new int[] {checks.job().worldSize().orElse(1)};
        int ranksInThisJvm = inProcess ? Arrays.stream(ranks).max().orElse(1) : 1;
        for (int n : sizes) {
            for (int p : rankCounts) {
                checks.libraryCheck(inProcess ? "--n, --ranks" : "--n", () -> DistributedGauss.checkShape(n, p));
            }
            int copies = matrixCopies(ranksInThisJvm);
            checks.fitsHeap("--n", n, 8.0 * n * n * copies, "8 B x " + n + "^2 x " + copies + " copies of the matrix with "
                    + OptionChecks.ranksInThisJvm(ranksInThisJvm));
        }
    }

    /**
     * Copies of the n x n matrix of doubles that a JVM holds at the peak: the ranks' columns are one
     * copy together; in the back substitution every rank receives the upper triangle (half a copy,
     * as direct buffers) and unpacks it (another half), one copy per rank; rank 0's sequential
     * reference, made before, is one copy too, so that in-process the peak is P + 1 copies.
     */
    private static int matrixCopies(int ranksInThisJvm) {
        return ranksInThisJvm + 1;
    }

    @Override
    public Integer call() throws Exception {
        if (earlierRuns != null) {
            return report(earlierRuns, null);
        }
        EmulatedNetwork emulated = network.network();
        Ranks launcher = transport == TransportKind.INPROCESS
                ? new InProcessRanks(Arrays.stream(rankCounts).max().orElse(1), emulated, Duration.ofSeconds(timeoutSeconds),
                        transportOptions.binding())
                : transportOptions.mpirunRanks(transport);
        return RankRuns.run(spec, launcher, outputs(), ranks -> runAll(ranks, rankCounts, emulated));
    }

    /** The directories that --csv and --plot write into. */
    private List<RankRuns.Output> outputs() {
        List<RankRuns.Output> out = new ArrayList<>();
        if (csv != null) {
            out.add(new RankRuns.Output("--csv", csv.toAbsolutePath().getParent()));
        }
        if (plot != null) {
            out.add(new RankRuns.Output("--plot", plotFile().toAbsolutePath().getParent()));
        }
        return out;
    }

    /** --plot, with .png added when missing (as XChart did when it was given the name). */
    private Path plotFile() {
        return plot.toString().toLowerCase(Locale.ROOT).endsWith(".png") ? plot : Path.of(plot + ".png");
    }

    /** One measured point (rank 0's view). */
    record Measurement(String transport, String system, int n, int ranks, Variant variant, double[] millis, double residual,
                       double forwardError, double differenceFromSequential, boolean sameOnAllRanks, long broadcasts) {
        double medianMillis() {
            return new Timings(millis).median();
        }

        double minMillis() {
            return new Timings(millis).min();
        }

        boolean correct() {
            return residual < n * 1e-14 && differenceFromSequential == 0 && sameOnAllRanks;
        }
    }

    private int runAll(Ranks launcher, int[] ps, EmulatedNetwork emulated) {
        boolean prints = launcher.leader();
        Map<Integer, double[]> references = new HashMap<>();
        if (prints) {
            System.out.printf("gauss: %s system, transport %s, variants %s, n %s, P %s, repeat %d%n", matrix,
                    launcher.describe(), variants, Arrays.toString(sizes), Arrays.toString(ps), repeat);
            references.put(-HILBERT_ORDER, SequentialGauss.solve(MatrixSource.hilbert(HILBERT_ORDER)));
            for (int n : sizes) {
                try {
                    references.put(n, SequentialGauss.solve(MatrixSource.named(matrix, n, seed)));
                } catch (SingularMatrixException singular) {
                    // the distributed solve says so on every rank; this system just has no reference
                }
            }
        }
        List<Measurement> all = new ArrayList<>();
        try {
            for (int p : ps) {
                List<Measurement> got = launcher.run(p, env -> {
                    try (Session session = env.open()) {
                        return runGrid(session.comm(), launcher.describe(), references, prints);
                    }
                });
                if (got != null) {
                    all.addAll(got);
                }
            }
        } catch (SingularMatrixException singular) {
            if (prints) {
                System.err.println("gauss: " + singular.getMessage());
            }
            return EXIT_SINGULAR;
        }
        if (!prints) {
            return 0;
        }
        LogGPPrediction model = emulated.isIdeal() || !launcher.inProcess() ? null
                : new LogGPPrediction(emulated, nanosPerUpdate(all));
        List<Measurement> grid = all.stream().filter(m -> !m.system().equals("check")).toList();
        int status = report(grid, model);
        long wrong = all.stream().filter(m -> !m.correct()).count();
        System.out.println(wrong == 0 ? "gauss: all " + all.size() + " results correct"
                : "gauss: " + wrong + " of " + all.size() + " results WRONG");
        return wrong == 0 ? status : EXIT_CHECK_FAILED;
    }

    /** Table on stdout, and the --csv and --plot files, written together ({@link ResultFiles}). */
    private int report(List<Measurement> grid, LogGPPrediction model) {
        new GaussReport(grid, variants, model).print(System.out);
        try (ResultFiles files = new ResultFiles()) {
            if (csv != null) {
                files.writeString(csv, GaussReport.csv(grid, model));
            }
            if (plot != null) {
                files.write(plotFile(), GaussReport.plot(grid, variants, grid.isEmpty() ? "" : grid.get(0).transport()));
            }
            for (Path written : files.commit()) {
                System.out.println("wrote " + written);
            }
        } catch (IOException e) {
            System.err.println("gauss: could not write a report file: " + e.getMessage());
            return EXIT_CHECK_FAILED;
        }
        return 0;
    }

    /**
     * The cost of one element update for the model: from the largest P = 1 solve with the column
     * variant (n^3/3 updates, and only n collectives), so at the real matrix size; else from the
     * in-cache kernel, which is optimistic for matrices larger than the cache.
     */
    private static double nanosPerUpdate(List<Measurement> all) {
        return all.stream().filter(m -> m.ranks() == 1 && m.variant() == Variant.COLUMN && !m.system().equals("check"))
                .max((a, b) -> Integer.compare(a.n(), b.n()))
                .map(m -> m.medianMillis() * 1e6 / (Math.pow(m.n(), 3) / 3))
                .orElseGet(() -> LogGPPrediction.measureNanosPerUpdate(256));
    }

    /**
     * SPMD body, run by every rank: per variant the Hilbert check and a warm-up, then the timed
     * grid. Returns the measurements on rank 0, null elsewhere.
     */
    private List<Measurement> runGrid(Communicator comm, String where, Map<Integer, double[]> references, boolean prints) {
        List<Measurement> out = new ArrayList<>();
        boolean root = comm.rank() == 0 && prints;
        for (Variant variant : variants) {
            if (comm.size() <= HILBERT_ORDER) {
                Measurement hilbert = measure(comm, where, "check", MatrixSource.hilbert(HILBERT_ORDER), variant, 1,
                        references.get(-HILBERT_ORDER));
                if (root) {
                    System.out.printf("check: hilbert n=%d P=%d %-9s residual %.2e (bound %.0e), forward error %.1e, "
                                    + "equal to sequential: %s  %s%n", HILBERT_ORDER, comm.size(), variant.label(), hilbert.residual(),
                            HILBERT_ORDER * 1e-14, hilbert.forwardError(), hilbert.differenceFromSequential() == 0 ? "yes" : "NO",
                            hilbert.correct() ? "ok" : "WRONG");
                    out.add(hilbert);
                }
            }
            int warmN = Math.max(comm.size(), Math.min(256, Arrays.stream(sizes).min().orElse(256)));
            measure(comm, where, "warm-up", MatrixSource.random(warmN, seed + 1), variant, 1, null);
        }
        for (int n : sizes) {
            for (Variant variant : variants) {
                Measurement m = measure(comm, where, matrix, MatrixSource.named(matrix, n, seed), variant, repeat, references.get(n));
                if (root) {
                    System.out.printf("  n=%-5d P=%d %-9s %10.1f ms  residual %.2e  %s%n", n, comm.size(), variant.label(),
                            m.medianMillis(), m.residual(), m.correct() ? "ok" : "WRONG");
                    out.add(m);
                }
            }
        }
        return comm.rank() == 0 ? out : null;
    }

    /**
     * Times {@code repeat} solves (setup excluded, ranks aligned by a barrier, the slowest rank's
     * time), and checks the last one. {@code reference} null: no comparison (warm-up).
     */
    private static Measurement measure(Communicator comm, String where, String system, MatrixSource source, Variant variant, int repeat,
                                       double[] reference) {
        double[] millis = new double[repeat];
        double[] x = null;
        long broadcasts = 0;
        for (int r = 0; r < repeat; r++) {
            DistributedGauss solver = new DistributedGauss(comm, source);
            comm.barrier();
            long start = System.nanoTime();
            x = solver.solve(variant);
            millis[r] = (System.nanoTime() - start) / 1e6;
            broadcasts = solver.broadcasts();
        }
        AcrossRanks.slowest(comm, millis);
        boolean same = AcrossRanks.sameOnAllRanks(comm, x);
        if (comm.rank() != 0 || reference == null) {
            return new Measurement(where, system, source.n(), comm.size(), variant, millis, 0, 0, 0, same, broadcasts);
        }
        double residual = SequentialGauss.scaledResidual(source, x);
        double difference = 0;
        for (int i = 0; i < x.length; i++) {
            difference = Math.max(difference, Math.abs(x[i] - reference[i]));
        }
        if (!Arrays.equals(x, reference) && difference == 0) {
            difference = Double.MIN_VALUE; // e.g. -0.0 against 0.0: not the same bits
        }
        return new Measurement(where, system, source.n(), comm.size(), variant, millis, residual,
                SequentialGauss.forwardError(x), difference, same, broadcasts);
    }
}
