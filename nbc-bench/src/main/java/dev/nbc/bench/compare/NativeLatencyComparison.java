package dev.nbc.bench.compare;

import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.algorithm.allreduce.AllreduceAlgorithm;
import dev.nbc.core.algorithm.bcast.BcastAlgorithm;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.transport.mpi.MpiTransport;
import mpi.MPI;
import mpi.MPIException;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Latency of nbc's Ibarrier / Ibcast / Iallreduce (start + await), every algorithm, against Open
 * MPI's own iBarrier / iBcast / iAllReduce (start + waitFor) through the Java bindings, measured in
 * the same run on the same buffers, reported as ratios; '*' marks the algorithm nbc's selector
 * picks by default, so the table also shows whether its thresholds suit the machine. Every iteration starts after an MPI barrier; a
 * rank's figure is the median over iterations, the reported one the maximum over ranks (the
 * slowest rank finishes the collective). Run on ranks:
 * {@code scripts/nbcrun -np 4 dev.nbc.bench.compare.NativeLatencyComparison [maxBytes] [iterations] [THREAD|MANUAL]}.
 */
public final class NativeLatencyComparison {
    private NativeLatencyComparison() {
    }

    /** One timed operation: start it, wait for it. */
    private interface Operation {
        void run() throws MPIException;
    }

    public static void main(String[] args) throws MPIException {
        MpiTransport.initThreadMultiple(args);
        int maxBytes = args.length > 0 ? Integer.parseInt(args[0]) : 4 << 20;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        ProgressMode mode = args.length > 2 ? ProgressMode.valueOf(args[2]) : ProgressMode.THREAD;
        try (ProgressEngine engine = ProgressEngine.start(mode, IdleStrategy.BACKOFF);
             Communicator comm = Communicator.create(engine, MpiTransport.create(MPI.COMM_WORLD))) {
            if (comm.rank() == 0) {
                System.out.printf("P=%d, Open MPI %s, nbc progress %s, %d iterations per point; times in us (max over ranks of the median)%n",
                        comm.size(), MPI.getLibVersion().trim().split("[,\\n]")[0], mode, iterations);
                System.out.printf("%-10s %10s %-19s %12s %12s %8s%n", "collective", "bytes", "nbc algorithm", "nbc", "Open MPI", "ratio");
            }
            ByteBuffer in = Buffers.allocate(maxBytes, DataType.BYTE);
            ByteBuffer out = Buffers.allocate(maxBytes, DataType.BYTE);
            warmUp(comm, in, out);
            report(comm, "barrier", 0, comm.ibarrier().algorithm().name(), true, iterations,
                    () -> comm.ibarrier().await(), () -> MPI.COMM_WORLD.iBarrier().waitFor());
            for (int bytes : sizes(maxBytes)) {
                int count = bytes / 8;
                String chosen = comm.selector().bcast(bytes, comm.size()).name();
                double openMpi = slowestMedian(() -> MPI.COMM_WORLD.iBcast(out, count, MPI.DOUBLE, 0).waitFor(), iterations, bytes);
                for (BcastAlgorithm algorithm : BcastAlgorithm.values()) {
                    double nbc = slowestMedian(() -> comm.ibcast(out, count, DataType.DOUBLE, 0, algorithm).await(), iterations, bytes);
                    print(comm, "bcast", bytes, algorithm.name(), algorithm.name().equals(chosen), nbc, openMpi);
                }
            }
            for (int bytes : sizes(maxBytes)) {
                int count = bytes / 8;
                String chosen = comm.selector().allreduce(count, bytes, comm.size(), ReduceOp.SUM).name();
                double openMpi = slowestMedian(() -> MPI.COMM_WORLD.iAllReduce(in, out, count, MPI.DOUBLE, MPI.SUM).waitFor(),
                        iterations, bytes);
                for (AllreduceAlgorithm algorithm : AllreduceAlgorithm.values()) {
                    double nbc = slowestMedian(() -> comm.iallreduce(in, out, count, DataType.DOUBLE, ReduceOp.SUM, algorithm).await(),
                            iterations, bytes);
                    print(comm, "allreduce", bytes, algorithm.name(), algorithm.name().equals(chosen), nbc, openMpi);
                }
            }
        }
        MPI.Finalize();
    }

    /** 8 B, then every factor of 8 up to {@code maxBytes}, and {@code maxBytes} itself. */
    private static int[] sizes(int maxBytes) {
        java.util.List<Integer> sizes = new java.util.ArrayList<>();
        for (long bytes = 8; bytes < maxBytes; bytes *= 8) {
            sizes.add((int) bytes);
        }
        sizes.add(maxBytes);
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Runs every collective path a few thousand times before anything is timed: the engine's and
     * the transport's code must be compiled, or the first rows measure the JIT (on two cores its
     * threads compete with the ranks').
     */
    private static void warmUp(Communicator comm, ByteBuffer in, ByteBuffer out) throws MPIException {
        for (int i = 0; i < 3000; i++) {
            int count = 1 << (i % 10);
            comm.ibarrier().await();
            comm.ibcast(out, count, DataType.DOUBLE, 0, BcastAlgorithm.values()[i % BcastAlgorithm.values().length]).await();
            comm.iallreduce(in, out, count, DataType.DOUBLE, ReduceOp.SUM,
                    AllreduceAlgorithm.values()[i % AllreduceAlgorithm.values().length]).await();
            MPI.COMM_WORLD.iBarrier().waitFor();
        }
    }

    private static void report(Communicator comm, String collective, int bytes, String algorithm, boolean chosen,
                               int iterations, Operation nbc, Operation openMpi) throws MPIException {
        double ours = slowestMedian(nbc, iterations, bytes);
        double theirs = slowestMedian(openMpi, iterations, bytes);
        print(comm, collective, bytes, algorithm, chosen, ours, theirs);
    }

    /** One row; the selector's default choice is marked with '*'. */
    private static void print(Communicator comm, String collective, int bytes, String algorithm, boolean chosen,
                              double ours, double theirs) {
        if (comm.rank() == 0) {
            System.out.printf("%-10s %10d %-19s %12.1f %12.1f %8.2f%n", collective, bytes, algorithm + (chosen ? " *" : ""),
                    ours / 1e3, theirs / 1e3, ours / theirs);
        }
    }

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
