package dev.nbc.examples.gauss;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
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
 * <p>Exit status: 0 all correct; 1 a check failed; 2 bad input (options, n &lt; 1, P &gt; n);
 * 3 singular matrix.
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
public final class GaussMain implements Callable<Integer> {
    static final int EXIT_CHECK_FAILED = 1;
    static final int EXIT_BAD_INPUT = 2;
    static final int EXIT_SINGULAR = 3;
    static final int HILBERT_ORDER = 10;

    @Option(names = "--n", split = ",", description = "system sizes (default: ${DEFAULT-VALUE})", defaultValue = "256")
    int[] sizes;

    @Option(names = "--variant", split = ",", description = "blocking|lookahead|column|all or 1,2,3 (default: all)",
            defaultValue = "all")
    String[] variantNames;

    @Option(names = "--transport", description = "inprocess or mpi (default: ${DEFAULT-VALUE})", defaultValue = "inprocess")
    String transport;

    @Option(names = "--ranks", split = ",", description = "in-process rank counts P (default: ${DEFAULT-VALUE}); mpi uses the job's size",
            defaultValue = "1,2,4")
    int[] ranks;

    @Option(names = "--matrix", description = "random|hilbert|vandermonde|singular (default: ${DEFAULT-VALUE})", defaultValue = "random")
    String matrix;

    @Option(names = "--seed", description = "seed of the random matrix (default: ${DEFAULT-VALUE})", defaultValue = "42")
    long seed;

    @Option(names = "--repeat", description = "timed solves per point; the median is reported (default: ${DEFAULT-VALUE})",
            defaultValue = "1")
    int repeat;

    @Option(names = "--latency-us", description = "emulated network (in-process): L in us (default 0: ideal network)", defaultValue = "0")
    double latencyUs;

    @Option(names = "--overhead-us", description = "emulated network: o (send and receive) in us", defaultValue = "0")
    double overheadUs;

    @Option(names = "--gap-us", description = "emulated network: g in us", defaultValue = "0")
    double gapUs;

    @Option(names = "--G-ns-per-byte", description = "emulated network: G in ns per byte", defaultValue = "0")
    double nsPerByte;

    @Option(names = "--csv", description = "write the measurements as CSV")
    Path csv;

    @Option(names = "--plot", description = "write a PNG of time and speedup over n (XChart)")
    Path plot;

    @Option(names = "--from-csv", split = ",", description = "solve nothing: read these CSV files of earlier runs "
            + "(e.g. one MPI job per P) and print their table and --plot/--csv of them together")
    List<Path> fromCsv;

    @Option(names = "--timeout-s", description = "in-process: give up on a P after this many seconds (default: ${DEFAULT-VALUE})",
            defaultValue = "3600")
    long timeoutSeconds;

    private final List<Variant> variants = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line; returns the exit status instead of exiting (for the tests). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new GaussMain());
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println("gauss: " + e.getMessage());
            return EXIT_BAD_INPUT;
        });
        cl.setParameterExceptionHandler((e, args1) -> {
            // under mpirun every rank parses the same arguments; let one of them say so
            String rank = System.getenv("OMPI_COMM_WORLD_RANK");
            if (rank == null || rank.equals("0")) {
                e.getCommandLine().getErr().println("gauss: " + e.getMessage());
                e.getCommandLine().getErr().println("(see --help)");
            }
            return EXIT_BAD_INPUT;
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() {
        String problem = validate();
        if (fromCsv != null && problem == null) {
            return report(GaussReport.readCsv(fromCsv), null);
        }
        boolean mpi = transport.equals("mpi");
        if (problem != null && !mpi) {
            System.err.println("gauss: " + problem);
            return EXIT_BAD_INPUT;
        }
        EmulatedNetwork network = EmulatedNetwork.symmetric(latencyUs * 1e3, overheadUs * 1e3, gapUs * 1e3, nsPerByte);
        try (Ranks launcher = mpi ? MpiRanks.create() : Ranks.inProcess(network, Duration.ofSeconds(timeoutSeconds))) {
            int[] ps = launcher.sizes(ranks);
            if (problem == null) {
                problem = checkShapes(ps);
            }
            if (problem != null) {
                if (launcher.prints()) {
                    System.err.println("gauss: " + problem);
                }
                return EXIT_BAD_INPUT;
            }
            return launcher.agree(runAll(launcher, ps, network));
        }
    }

    /** Option checks that need no ranks; null if fine. */
    private String validate() {
        if (!transport.equals("mpi") && !transport.equals("inprocess")) {
            return "--transport: inprocess or mpi, but was '" + transport + "'";
        }
        if (repeat < 1) {
            return "--repeat: at least 1, but was " + repeat;
        }
        try {
            MatrixSource.named(matrix, 1, seed);
            for (String name : variantNames) {
                if (name.equals("all")) {
                    variants.addAll(Arrays.asList(Variant.values()));
                } else {
                    variants.add(Variant.parse(name));
                }
            }
            new EmulatedNetwork(latencyUs * 1e3, overheadUs * 1e3, overheadUs * 1e3, gapUs * 1e3, nsPerByte);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        for (int p : ranks) {
            if (p < 1) {
                return "--ranks: every P must be at least 1, but one was " + p;
            }
        }
        return null;
    }

    private String checkShapes(int[] ps) {
        for (int n : sizes) {
            for (int p : ps) {
                try {
                    DistributedGauss.checkShape(n, p);
                } catch (IllegalArgumentException e) {
                    return e.getMessage();
                }
            }
        }
        return null;
    }

    /** One measured point (rank 0's view). */
    record Measurement(String transport, String system, int n, int ranks, Variant variant, double[] millis, double residual,
                       double forwardError, double differenceFromSequential, boolean sameOnAllRanks, long broadcasts) {
        double medianMillis() {
            double[] sorted = millis.clone();
            Arrays.sort(sorted);
            return sorted[sorted.length / 2];
        }

        double minMillis() {
            return Arrays.stream(millis).min().orElse(Double.NaN);
        }

        boolean correct() {
            return residual < n * 1e-14 && differenceFromSequential == 0 && sameOnAllRanks;
        }
    }

    private int runAll(Ranks launcher, int[] ps, EmulatedNetwork network) {
        boolean prints = launcher.prints();
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
                List<Measurement> got = launcher.run(p, comm -> runGrid(comm, launcher.describe(), references, prints));
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
        LogGPPrediction model = network.isIdeal() || launcher.describe().equals("mpi") ? null
                : new LogGPPrediction(network, nanosPerUpdate(all));
        List<Measurement> grid = all.stream().filter(m -> !m.system().equals("check")).toList();
        int status = report(grid, model);
        long wrong = all.stream().filter(m -> !m.correct()).count();
        System.out.println(wrong == 0 ? "gauss: all " + all.size() + " results correct"
                : "gauss: " + wrong + " of " + all.size() + " results WRONG");
        return wrong == 0 ? status : EXIT_CHECK_FAILED;
    }

    /** Table on stdout, and the --csv and --plot files. */
    private int report(List<Measurement> grid, LogGPPrediction model) {
        new GaussReport(grid, variants, model).print(System.out);
        try {
            if (csv != null) {
                GaussReport.writeCsv(grid, model, csv);
                System.out.println("csv: " + csv);
            }
            if (plot != null) {
                GaussReport.writePlot(grid, variants, grid.isEmpty() ? "" : grid.get(0).transport(), plot);
                System.out.println("plot: " + plot);
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
        ByteBuffer time = Buffers.allocate(1, DataType.DOUBLE);
        for (int r = 0; r < repeat; r++) {
            DistributedGauss solver = new DistributedGauss(comm, source);
            comm.barrier();
            long start = System.nanoTime();
            x = solver.solve(variant);
            time.putDouble(0, (System.nanoTime() - start) / 1e6);
            comm.allreduce(null, time, 1, DataType.DOUBLE, ReduceOp.MAX);
            millis[r] = time.getDouble(0);
            broadcasts = solver.broadcasts();
        }
        boolean same = sameOnAllRanks(comm, x);
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

    /** Whether every rank holds exactly this x: elementwise max and min over ranks both equal it. */
    static boolean sameOnAllRanks(Communicator comm, double[] x) {
        int n = x.length;
        ByteBuffer mine = Buffers.allocate(n, DataType.DOUBLE);
        mine.asDoubleBuffer().put(x);
        ByteBuffer max = Buffers.allocate(n, DataType.DOUBLE);
        ByteBuffer min = Buffers.allocate(n, DataType.DOUBLE);
        comm.iallreduce(mine, max, n, DataType.DOUBLE, ReduceOp.MAX).await();
        comm.iallreduce(mine, min, n, DataType.DOUBLE, ReduceOp.MIN).await();
        ByteBuffer verdict = Buffers.allocate(1, DataType.INT);
        verdict.putInt(0, mine.equals(max) && mine.equals(min) ? 0 : 1);
        comm.allreduce(null, verdict, 1, DataType.INT, ReduceOp.MAX);
        return verdict.getInt(0) == 0;
    }
}
