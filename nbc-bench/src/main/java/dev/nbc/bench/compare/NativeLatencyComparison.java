package dev.nbc.bench.compare;

import dev.nbc.bench.latency.Stats;
import dev.nbc.bench.model.SelectionScore;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.Cli;
import dev.nbc.harness.cli.MpiAbort;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.core.Communicator;
import dev.nbc.core.schedule.Algorithm;
import dev.nbc.core.algorithm.Algorithms;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.transport.mpi.MpiTransport;
import dev.nbc.harness.call.CollectiveCall;
import dev.nbc.harness.call.NbcCall;
import dev.nbc.harness.call.mpi.OwnMpiCall;
import dev.nbc.harness.ranks.mpi.WorldValues;
import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.models.selection.ModelAdvisor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * Latency of every nbc collective (start + await), every algorithm, against the MPI library's own
 * non-blocking collective (start + waitFor) through the Java bindings, measured in the same run
 * on the same buffers, reported as ratios; '*' marks the algorithm nbc's selector picks by
 * default, so the table also shows whether its thresholds suit the machine. Every iteration starts
 * after an MPI barrier; a rank's figure is the median over iterations, the reported one the
 * maximum over ranks (the slowest rank finishes the collective). Sizes are per rank's block
 * (MPI's count: what a rank sends to one other in an all-to-all, contributes to a gather or holds
 * of a reduce-scatter's result). Run on ranks:
 * {@code scripts/nbcrun -np 4 dev.nbc.bench.compare.NativeLatencyComparison [--max-bytes B] [--iterations N] [--mode THREAD|MANUAL] [--collectives ...] [--model FILE]}.
 * With a model file, every point is also scored: the model's pick and the thresholds' against the
 * fastest algorithm measured ({@link SelectionScore}).
 */
@Command(name = "native-latency", mixinStandardHelpOptions = true,
        description = "Latency of every nbc collective and algorithm against the MPI library's own non-blocking collective, "
                + "same run, same buffers, as ratios (median per rank, maximum over ranks).")
public final class NativeLatencyComparison implements Callable<Integer>, Checked {

    @Option(names = "--max-bytes", paramLabel = "B", defaultValue = "4194304",
            description = "Largest block per rank; sizes are 8 B and every factor of 8 below it (default ${DEFAULT-VALUE}).")
    int maxBytes;

    @Option(names = "--iterations", paramLabel = "N", defaultValue = "200",
            description = "Timed iterations per point, a tenth from 1 MiB (default ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "THREAD",
            description = "nbc's progress: THREAD or MANUAL (default ${DEFAULT-VALUE}).")
    ProgressMode mode;

    @Option(names = "--model", paramLabel = "FILE",
            description = "A model file written by 'model measure': mark its pick (m) beside the thresholds' (*) and score "
                    + "both against the fastest algorithm measured (the model-driven selection).")
    Path model;

    private ModelAdvisor advisor;

    @Option(names = "--shared-cores", paramLabel = "C",
            description = "With --model: the ranks share C cores (one host, more ranks than cores), so that the model counts all "
                    + "ranks' CPU work against them and a wake-up per round (ModelAdvisor.withSharedCores).")
    Integer sharedCores;

    @Option(names = "--round-wake-us", paramLabel = "US", defaultValue = "6",
            description = "With --shared-cores: a round's wake-up of a peer off its core, us (default ${DEFAULT-VALUE}: a same-core "
                    + "wake-up measured on this machine with WakeCost).")
    double roundWakeMicros;

    @Option(names = "--collectives", paramLabel = "C", split = ",",
            description = "Collectives to measure (default all; the v-collectives and reduce_scatter with every rank's count "
                    + "alike): ${COMPLETION-CANDIDATES}.")
    Set<Collective> collectives = EnumSet.copyOf(CollectiveCall.withUniformCounts());

    /** One timed operation: start it, wait for it. */
    private interface Operation {
        void run();
    }

    public static void main(String[] args) {
        System.exit(Cli.commandLine(new NativeLatencyComparison()).execute(args));
    }

    @Override
    public void check(OptionChecks checks) {
        checks.atLeast("--max-bytes", maxBytes, 8);
        checks.atLeast("--iterations", iterations, 1);
        checks.require(!collectives.isEmpty(), "--collectives", "must name at least one collective", collectives);
        if (model != null) {
            checks.atLeast("--shared-cores", sharedCores, 1);
            checks.libraryCheck("--model", () -> advisor = sharedCores == null ? ModelAdvisor.fromModelFile(model)
                    : ModelAdvisor.fromModelFile(model).withSharedCores(sharedCores, roundWakeMicros * 1e3));
        }
    }

    @Override
    public Integer call() throws MpiException {
        return MpiAbort.job("native-latency", mpi -> {
            measure(mpi);
            return 0;
        });
    }

    private void measure(Mpi mpi) throws MpiException {
        MpiComm world = mpi.world();
        try (ProgressEngine engine = ProgressEngine.start(mode, IdleStrategy.BACKOFF);
             Communicator comm = Communicator.create(engine, MpiTransport.create(world))) {
            int size = comm.size();
            if (comm.rank() == 0) {
                System.out.printf("P=%d, %s through %s, nbc progress %s (%s), %d iterations per point; times in us (max over "
                                + "ranks of the median; mean and p99 columns: max over ranks of each rank's mean and p99)%n",
                        size, mpi.version(), mpi.access(), mode, engine.policy(), iterations);
                System.out.printf("%-20s %10s %-19s %12s %12s %8s %10s %10s %10s %10s%n", "collective", "bytes", "nbc algorithm", "nbc",
                        "MPI's own", "ratio", "nbc mean", "MPI mean", "nbc p99", "MPI p99");
            }
            SelectionScore score = new SelectionScore();
            for (Collective collective : collectives) {
                List<Algorithm> algorithms = Algorithms.of(collective);
                warmUp(world, comm, collective, algorithms, maxBytes);
                for (int bytes : collective == Collective.BARRIER ? new int[]{0} : sizes(maxBytes)) {
                    CollectiveCall openMpi = new OwnMpiCall(world, collective, bytes);
                    Timing openMpiTiming = slowest(world, () -> openMpi.start().await(), iterations, bytes);
                    double openMpiNanos = openMpiTiming.median();
                    int count = collective.count(bytes, DataType.DOUBLE);
                    Algorithm chosen = collective.hasEqualBlocks()
                            ? comm.selector().choose(collective, count, DataType.DOUBLE, size, ReduceOp.SUM)
                            : communicatorsChoice(comm, collective, bytes, algorithms);
                    Algorithm modelled = advisor == null || !collective.hasEqualBlocks() ? null
                            : advisor.advise(collective, count, DataType.DOUBLE, size, ReduceOp.SUM);
                    Map<Algorithm, Double> measured = new LinkedHashMap<>();
                    for (Algorithm algorithm : algorithms) {
                        NbcCall nbc = new NbcCall(comm, collective, bytes, algorithm);
                        Timing nbcTiming = slowest(world, () -> nbc.request().await(), iterations, bytes);
                        double nbcNanos = nbcTiming.median();
                        measured.put(algorithm, nbcNanos);
                        if (comm.rank() == 0) {
                            System.out.printf("%-20s %10d %-19s %12.1f %12.1f %8.2f %10.1f %10.1f %10.1f %10.1f%n", collective.label(), bytes,
                                    algorithm.name() + (algorithm == chosen ? " *" : "") + (algorithm == modelled ? " m" : ""),
                                    nbcNanos / 1e3, openMpiNanos / 1e3, nbcNanos / openMpiNanos, nbcTiming.mean() / 1e3,
                                    openMpiTiming.mean() / 1e3, nbcTiming.p99() / 1e3, openMpiTiming.p99() / 1e3);
                        }
                    }
                    if (modelled != null) {
                        score.add(new SelectionScore.Point("mpi", collective, size, bytes, measured, modelled, chosen));
                    }
                }
            }
            if (advisor != null && comm.rank() == 0) {
                System.out.print(score.table());
                System.out.println(score.headline());
            }
        }
    }

    /**
     * The algorithm the communicator takes for a collective whose blocks may differ (the selector
     * chooses for equal blocks only): what one call made with none given reports.
     */
    private static Algorithm communicatorsChoice(Communicator comm, Collective collective, int bytes, List<Algorithm> algorithms) {
        NbcCall call = new NbcCall(comm, collective, bytes, null);
        call.request().await();
        return algorithms.stream().filter(a -> a.name().equals(call.algorithm())).findFirst().orElseThrow();
    }

    /** 8 B, then every factor of 8 up to {@code maxBytes}, and {@code maxBytes} itself. */
    private static int[] sizes(int maxBytes) {
        List<Integer> sizes = new ArrayList<>();
        for (long bytes = 8; bytes < maxBytes; bytes *= 8) {
            sizes.add((int) bytes);
        }
        sizes.add(maxBytes - maxBytes % 8);
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Block sizes of the warm-up: 8 B to 1 KiB, at most {@code maxBytes}. */
    private static final int WARM_UP_SIZES = 8;

    /**
     * Runs a collective's every algorithm and the MPI library's at small sizes (8 B to 1 KiB, at most
     * {@code maxBytes}), 1,000 calls a round, until a round sets off less than
     * {@link #JIT_QUIET_MILLIS} of compilation on every rank (at most 10 rounds): the engine's and
     * the transport's code must be compiled, or the first rows measure the JIT (on two cores its
     * threads compete with the ranks'; 600 calls left the 8 B rows at 3-6x their compiled time).
     */
    private static void warmUp(MpiComm world, Communicator comm, Collective collective, List<Algorithm> algorithms,
                               int maxBytes) throws MpiException {
        List<CollectiveCall> calls = new ArrayList<>();
        for (int i = 0; i < WARM_UP_SIZES; i++) {
            int bytes = Math.min(8 << i, maxBytes);
            calls.add(new OwnMpiCall(world, collective, bytes));
            for (Algorithm algorithm : algorithms) {
                calls.add(new NbcCall(comm, collective, bytes, algorithm));
            }
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        for (int round = 0; round < 10; round++) {
            long before = jit.getTotalCompilationTime();
            for (int i = 0; i < 1000; i++) {
                calls.get(i % calls.size()).start().await();
            }
            double[] compiled = {jit.getTotalCompilationTime() - before};
            WorldValues.allreduce(world, compiled, ReduceOp.MAX);
            if (compiled[0] < JIT_QUIET_MILLIS) {
                return;
            }
        }
    }

    /** Compilation during a whole warm-up round below this means the JIT is done with the collective's path. */
    private static final long JIT_QUIET_MILLIS = 20;

    /** A point's times, ns: each the maximum over ranks of that rank's median, mean and 99th percentile. */
    private record Timing(double median, double mean, double p99) {
    }

    /** This rank's start-to-completion times' median, mean and p99, each the maximum over ranks, in ns. */
    private static Timing slowest(MpiComm world, Operation operation, int baseIterations, int bytes) throws MpiException {
        int iterations = bytes >= (1 << 20) ? Math.max(20, baseIterations / 10) : baseIterations;
        for (int i = 0; i < iterations; i++) {
            operation.run(); // warm-up: let the JIT compile the path before it is timed
        }
        double[] nanos = new double[iterations];
        for (int i = 0; i < iterations; i++) {
            WorldValues.barrier(world);
            long start = System.nanoTime();
            operation.run();
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        // the median as before (the upper middle), beside the mean and the p99 users also pay
        double[] figures = {nanos[iterations / 2], Stats.mean(nanos), Stats.quantile(nanos, 0.99)};
        WorldValues.allreduce(world, figures, ReduceOp.MAX);
        return new Timing(figures[0], figures[1], figures[2]);
    }
}
