package dev.nbc.bench.compare;

import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.Cli;
import dev.nbc.harness.cli.MpiAbort;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.algorithm.Algorithm;
import dev.nbc.core.algorithm.allgather.AllgatherAlgorithm;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.alltoall.AlltoallAlgorithm;
import dev.nbc.core.algorithm.barrier.BarrierAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.algorithm.gather.GatherAlgorithm;
import dev.nbc.core.algorithm.reduce.ReduceAlgorithm;
import dev.nbc.core.algorithm.reducescatter.ReduceScatterBlockAlgorithm;
import dev.nbc.core.algorithm.scan.ExscanAlgorithm;
import dev.nbc.core.algorithm.scan.ScanAlgorithm;
import dev.nbc.core.algorithm.scatter.ScatterAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.request.Request;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.transport.mpi.MpiTransport;
import mpi.MPI;
import mpi.MPIException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * Latency of every nbc collective (start + await), every algorithm, against Open MPI's own
 * non-blocking collective (start + waitFor) through the Java bindings, measured in the same run
 * on the same buffers, reported as ratios; '*' marks the algorithm nbc's selector picks by
 * default, so the table also shows whether its thresholds suit the machine. Every iteration starts
 * after an MPI barrier; a rank's figure is the median over iterations, the reported one the
 * maximum over ranks (the slowest rank finishes the collective). Sizes are per rank's block
 * (MPI's count: what a rank sends to one other in an all-to-all, contributes to a gather or holds
 * of a reduce-scatter's result). Run on ranks:
 * {@code scripts/nbcrun -np 4 dev.nbc.bench.compare.NativeLatencyComparison [--max-bytes B] [--iterations N] [--mode THREAD|MANUAL] [--collectives ...]}.
 */
@Command(name = "native-latency", mixinStandardHelpOptions = true,
        description = "Latency of every nbc collective and algorithm against Open MPI's own non-blocking collective, "
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

    @Option(names = "--collectives", paramLabel = "C", split = ",",
            description = "Collectives to measure (default all): ${COMPLETION-CANDIDATES}.")
    Set<Collective> collectives = EnumSet.of(Collective.BARRIER, Collective.BCAST, Collective.ALLREDUCE, Collective.REDUCE,
            Collective.ALLGATHER, Collective.GATHER, Collective.SCATTER, Collective.ALLTOALL, Collective.SCAN,
            Collective.EXSCAN, Collective.REDUCE_SCATTER_BLOCK);

    /** One timed operation: start it, wait for it. */
    private interface Operation {
        void run() throws MPIException;
    }

    /**
     * A collective of {@code count} doubles per rank's block: its algorithms, the selector's choice,
     * how nbc starts it with an algorithm and how Open MPI starts it.
     */
    private record Case(Algorithm[] algorithms, Chooser chooser, NbcCall nbc, OpenMpiCall openMpi) {
    }

    private interface Chooser {
        Algorithm choose(int count, int bytes);
    }

    private interface NbcCall {
        Request start(Algorithm algorithm, int count);
    }

    private interface OpenMpiCall {
        mpi.Request start(int count) throws MPIException;
    }

    public static void main(String[] args) {
        System.exit(Cli.commandLine(new NativeLatencyComparison()).execute(args));
    }

    @Override
    public void check(OptionChecks checks) {
        checks.atLeast("--max-bytes", maxBytes, 8);
        checks.atLeast("--iterations", iterations, 1);
        checks.require(!collectives.isEmpty(), "--collectives", "must name at least one collective", collectives);
        checks.require(collectives.stream().noneMatch(c -> c.name().endsWith("V")), "--collectives",
                "the v-collectives are not measured here", collectives);
    }

    @Override
    public Integer call() throws MPIException {
        MpiTransport.initThreadMultiple(new String[0]);
        try {
            measure();
        } catch (RuntimeException | Error | MPIException failure) {
            MpiAbort.abortAfter("native-latency", failure);
            throw failure;
        }
        MPI.Finalize();
        return 0;
    }

    private void measure() throws MPIException {
        try (ProgressEngine engine = ProgressEngine.start(mode, IdleStrategy.BACKOFF);
             Communicator comm = Communicator.create(engine, MpiTransport.create(MPI.COMM_WORLD))) {
            int size = comm.size();
            // room for P blocks of the largest size, doubles
            ByteBuffer in = Buffers.allocate((long) size * maxBytes > Integer.MAX_VALUE ? maxBytes : size * maxBytes, DataType.BYTE);
            ByteBuffer out = Buffers.allocate(in.capacity(), DataType.BYTE);
            if (comm.rank() == 0) {
                System.out.printf("P=%d, Open MPI %s, nbc progress %s (%s), %d iterations per point; times in us (max over ranks of the median)%n",
                        size, MPI.getLibVersion().trim().split("[,\\n]")[0], mode, engine.policy(), iterations);
                System.out.printf("%-20s %10s %-19s %12s %12s %8s%n", "collective", "bytes", "nbc algorithm", "nbc", "Open MPI", "ratio");
            }
            for (Collective collective : collectives) {
                Case c = caseOf(collective, comm, in, out);
                warmUp(c, maxBytes / 8);
                for (int bytes : collective == Collective.BARRIER ? new int[]{0} : sizes(maxBytes)) {
                    int count = bytes / 8;
                    double openMpi = slowestMedian(() -> c.openMpi().start(count).waitFor(), iterations, bytes);
                    Algorithm chosen = c.chooser().choose(count, bytes);
                    for (Algorithm algorithm : c.algorithms()) {
                        double nbc = slowestMedian(() -> c.nbc().start(algorithm, count).await(), iterations, bytes);
                        if (comm.rank() == 0) {
                            System.out.printf("%-20s %10d %-19s %12.1f %12.1f %8.2f%n", collective.name().toLowerCase(), bytes,
                                    algorithm.name() + (algorithm == chosen ? " *" : ""), nbc / 1e3, openMpi / 1e3, nbc / openMpi);
                        }
                    }
                }
            }
        }
    }

    /** How {@code collective} is called, by nbc and by Open MPI, on {@code in} and {@code out} with root 0 and SUM. */
    private static Case caseOf(Collective collective, Communicator comm, ByteBuffer in, ByteBuffer out) {
        int size = comm.size();
        return switch (collective) {
            case BARRIER -> new Case(BarrierAlgorithm.values(), (a, n) -> BarrierAlgorithm.DISSEMINATION,
                    (a, n) -> comm.ibarrier(), n -> MPI.COMM_WORLD.iBarrier());
            case BCAST -> new Case(BcastAlgorithm.values(), (n, bytes) -> comm.selector().bcast(bytes, size),
                    (a, n) -> comm.ibcast(out, n, DataType.DOUBLE, 0, (BcastAlgorithm) a),
                    n -> MPI.COMM_WORLD.iBcast(out, n, MPI.DOUBLE, 0));
            case ALLREDUCE -> new Case(AllreduceAlgorithm.values(),
                    (n, bytes) -> comm.selector().allreduce(n, bytes, size, ReduceOp.SUM),
                    (a, n) -> comm.iallreduce(in, out, n, DataType.DOUBLE, ReduceOp.SUM, (AllreduceAlgorithm) a),
                    n -> MPI.COMM_WORLD.iAllReduce(in, out, n, MPI.DOUBLE, MPI.SUM));
            case REDUCE -> new Case(ReduceAlgorithm.values(), (n, bytes) -> comm.selector().reduce(bytes, size, ReduceOp.SUM),
                    (a, n) -> comm.ireduce(in, out, n, DataType.DOUBLE, ReduceOp.SUM, 0, (ReduceAlgorithm) a),
                    n -> MPI.COMM_WORLD.iReduce(in, out, n, MPI.DOUBLE, MPI.SUM, 0));
            case ALLGATHER -> new Case(AllgatherAlgorithm.values(), (n, bytes) -> comm.selector().allgather(size * bytes, size),
                    (a, n) -> comm.iallgather(in, out, n, DataType.DOUBLE, (AllgatherAlgorithm) a),
                    n -> MPI.COMM_WORLD.iAllGather(in, n, MPI.DOUBLE, out, n, MPI.DOUBLE));
            case GATHER -> new Case(GatherAlgorithm.values(), (n, bytes) -> comm.selector().gather(bytes, size),
                    (a, n) -> comm.igather(in, out, n, DataType.DOUBLE, 0, (GatherAlgorithm) a),
                    n -> MPI.COMM_WORLD.iGather(in, n, MPI.DOUBLE, out, n, MPI.DOUBLE, 0));
            case SCATTER -> new Case(ScatterAlgorithm.values(), (n, bytes) -> comm.selector().scatter(bytes, size),
                    (a, n) -> comm.iscatter(in, out, n, DataType.DOUBLE, 0, (ScatterAlgorithm) a),
                    n -> MPI.COMM_WORLD.iScatter(in, n, MPI.DOUBLE, out, n, MPI.DOUBLE, 0));
            case ALLTOALL -> new Case(AlltoallAlgorithm.values(), (n, bytes) -> comm.selector().alltoall(bytes, size),
                    (a, n) -> comm.ialltoall(in, out, n, DataType.DOUBLE, (AlltoallAlgorithm) a),
                    n -> MPI.COMM_WORLD.iAllToAll(in, n, MPI.DOUBLE, out, n, MPI.DOUBLE));
            case SCAN -> new Case(ScanAlgorithm.values(), (n, bytes) -> comm.selector().scan(size),
                    (a, n) -> comm.iscan(in, out, n, DataType.DOUBLE, ReduceOp.SUM, (ScanAlgorithm) a),
                    n -> MPI.COMM_WORLD.iScan(in, out, n, MPI.DOUBLE, MPI.SUM));
            case EXSCAN -> new Case(ExscanAlgorithm.values(), (n, bytes) -> comm.selector().exscan(size),
                    (a, n) -> comm.iexscan(in, out, n, DataType.DOUBLE, ReduceOp.SUM, (ExscanAlgorithm) a),
                    n -> MPI.COMM_WORLD.iExScan(in, out, n, MPI.DOUBLE, MPI.SUM));
            case REDUCE_SCATTER_BLOCK -> new Case(ReduceScatterBlockAlgorithm.values(),
                    (n, bytes) -> comm.selector().reduceScatterBlock(ReduceOp.SUM),
                    (a, n) -> comm.ireduceScatterBlock(in, out, n, DataType.DOUBLE, ReduceOp.SUM, (ReduceScatterBlockAlgorithm) a),
                    n -> MPI.COMM_WORLD.iReduceScatterBlock(in, out, n, MPI.DOUBLE, MPI.SUM));
            default -> throw new IllegalArgumentException("collective: " + collective + " is not measured here");
        };
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

    /**
     * Runs a collective's every algorithm and Open MPI's at small sizes (at most {@code maxCount}
     * doubles, what the buffers hold), 1,000 calls a round, until a round sets off less than
     * {@link #JIT_QUIET_MILLIS} of compilation on every rank (at most 10 rounds): the engine's and
     * the transport's code must be compiled, or the first rows measure the JIT (on two cores its
     * threads compete with the ranks'; 600 calls left the 8 B rows at 3-6x their compiled time).
     */
    private static void warmUp(Case c, int maxCount) throws MPIException {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        for (int round = 0; round < 10; round++) {
            long before = jit.getTotalCompilationTime();
            for (int i = 0; i < 1000; i++) {
                int count = Math.min(1 << (i % 8), maxCount);
                c.nbc().start(c.algorithms()[i % c.algorithms().length], count).await();
                c.openMpi().start(count).waitFor();
            }
            double[] compiled = {jit.getTotalCompilationTime() - before};
            MPI.COMM_WORLD.allReduce(compiled, 1, MPI.DOUBLE, MPI.MAX);
            if (compiled[0] < JIT_QUIET_MILLIS) {
                return;
            }
        }
    }

    /** Compilation during a whole warm-up round below this means the JIT is done with the collective's path. */
    private static final long JIT_QUIET_MILLIS = 20;

    /** Median of this rank's start-to-completion times, maximum over ranks, in ns. */
    private static double slowestMedian(Operation operation, int baseIterations, int bytes) throws MPIException {
        int iterations = bytes >= (1 << 20) ? Math.max(20, baseIterations / 10) : baseIterations;
        for (int i = 0; i < iterations; i++) {
            operation.run(); // warm-up: let the JIT compile the path before it is timed
        }
        long[] nanos = new long[iterations];
        for (int i = 0; i < iterations; i++) {
            MPI.COMM_WORLD.barrier();
            long start = System.nanoTime();
            operation.run();
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        double[] median = {nanos[iterations / 2]};
        MPI.COMM_WORLD.allReduce(median, 1, MPI.DOUBLE, MPI.MAX);
        return median[0];
    }
}
