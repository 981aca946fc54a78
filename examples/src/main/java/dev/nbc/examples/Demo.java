package dev.nbc.examples;

import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.Cli;
import dev.nbc.harness.cli.MpiAbort;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.request.Request;
import dev.nbc.core.transport.Transport;
import dev.nbc.core.transport.inprocess.EmulatedNetwork;
import dev.nbc.core.transport.inprocess.InProcessWorld;
import dev.nbc.core.transport.mpi.MpiTransport;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiCollectives;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.OwnCollective;
import dev.nbc.harness.ranks.mpi.WorldValues;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A short tour of the library through both transports, and a check: on the MPI ranks, Ibarrier,
 * Ibcast and Iallreduce through nbc over MPI, each compared with the MPI library's own blocking
 * collective on the same data, with the overlap of a computation shown on the way; then, on
 * rank 0, the same collectives with 4 ranks as threads of this JVM, on the ideal in-process
 * network and on an emulated one (L = 50 µs). Exits 1 on any mismatch. The times are means of
 * back-to-back calls, so they include rank skew and the descheduling tails of a machine with more
 * threads than cores; nbc-bench's comparison reports medians of aligned iterations instead.
 * Every communicator runs with the consistency check on ({@link CollectiveCheck#ON}): a check of
 * results checks the calls too, and the times include its cost.
 * Run: {@code scripts/demo [--repeat N]} (or {@code scripts/nbcrun -np 4 dev.nbc.examples.Demo [--repeat N]}).
 * A failure on any rank aborts the whole job (the others would wait for it in a collective).
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "nbc's Ibarrier, Ibcast and Iallreduce over MPI checked against the MPI library's own collectives, "
                + "then on 4 in-process ranks (ideal and emulated network). Exit: 0 all correct, 1 a mismatch or failure.")
public final class Demo implements Callable<Integer>, Checked {
    private static final int COUNT = 1 << 16;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "200",
            description = "Calls per timed figure, after as many untimed ones (default ${DEFAULT-VALUE}).")
    int repeat;

    public static void main(String[] args) {
        System.exit(Cli.commandLine(new Demo()).execute(args));
    }

    @Override
    public void check(OptionChecks checks) {
        checks.atLeast("--repeat", repeat, 1);
    }

    @Override
    public Integer call() throws MpiException {
        return MpiAbort.job("demo", this::checkEverything) == 0 ? 0 : 1;
    }

    /** Rank 0's count of mismatches, on every rank. */
    private int checkEverything(Mpi mpi) throws MpiException {
        int mismatches;
        int rank;
        MpiComm world = mpi.world();
        try (ProgressEngine engine = ProgressEngine.start();
             Communicator comm = Communicator.create(engine, MpiTransport.create(world), CollectiveCheck.ON)) {
            rank = comm.rank();
            if (rank == 0) {
                System.out.printf("nbc demo: %d MPI ranks, %s through %s, consistency check on%n", comm.size(),
                        mpi.version(), mpi.access());
            }
            double[] total = {checkAgainstOwnMpi(comm, world.collectives())};
            WorldValues.allreduce(world, total, ReduceOp.SUM);
            mismatches = (int) total[0];
        }
        if (rank == 0) {
            mismatches += inProcessChecked("in-process, ideal network", EmulatedNetwork.none());
            mismatches += inProcessChecked("in-process, emulated network L=50us o=2us g=1us G=0.1ns/B",
                    EmulatedNetwork.symmetric(50_000, 2_000, 1_000, 0.1));
            System.out.println(mismatches == 0 ? "demo: all results correct" : "demo: " + mismatches + " MISMATCHES");
        }
        return WorldValues.bcast(world, mismatches, 0);
    }

    /** nbc's collectives against the MPI library's own on the same data; returns this rank's mismatches. */
    private int checkAgainstOwnMpi(Communicator comm, MpiCollectives library) throws MpiException {
        int mismatches = 0;
        ByteBuffer data = Buffers.allocate(COUNT, DataType.DOUBLE);
        for (int i = 0; i < COUNT; i++) {
            data.putDouble(8 * i, comm.rank() * 1000.0 + i);
        }
        ByteBuffer ours = Buffers.allocate(COUNT, DataType.DOUBLE);
        ByteBuffer theirs = Buffers.allocate(COUNT, DataType.DOUBLE);

        long elapsed = timed(() -> comm.ibarrier().await());
        line(comm, "Ibarrier", comm.ibarrier(), elapsed, true);

        ours.put(0, data, 0, data.capacity());
        Request[] bcast = new Request[1];
        elapsed = timed(() -> (bcast[0] = comm.ibcast(ours, COUNT, DataType.DOUBLE, comm.size() - 1)).await());
        theirs.put(0, data, 0, data.capacity());
        library.run(OwnCollective.of(Collective.BCAST, null, theirs, COUNT, DataType.DOUBLE, null, comm.size() - 1));
        boolean bcastOk = ours.equals(theirs);
        mismatches += bcastOk ? 0 : 1;
        line(comm, "Ibcast " + COUNT + " doubles", bcast[0], elapsed, bcastOk);

        Request[] allreduce = new Request[1];
        elapsed = timed(() -> (allreduce[0] = comm.iallreduce(data, ours, COUNT, DataType.DOUBLE, ReduceOp.SUM)).await());
        library.run(OwnCollective.of(Collective.ALLREDUCE, data, theirs, COUNT, DataType.DOUBLE, ReduceOp.SUM, 0));
        boolean allreduceOk = ours.equals(theirs);
        mismatches += allreduceOk ? 0 : 1;
        line(comm, "Iallreduce " + COUNT + " doubles", allreduce[0], elapsed, allreduceOk);

        // Overlap: compute while the allreduce travels; the progress thread advances it meanwhile.
        Request inFlight = comm.iallreduce(data, ours, COUNT, DataType.DOUBLE, ReduceOp.SUM);
        double work = computeFor(1_000_000);
        boolean doneDuringCompute = inFlight.test();
        inFlight.await();
        if (comm.rank() == 0) {
            System.out.printf("  overlap: an Iallreduce %s while rank 0 computed for 1 ms (%.0f)%n",
                    doneDuringCompute ? "completed" : "was still in flight", work);
        }
        return mismatches;
    }

    /**
     * Runs {@code call} {@link #repeat} times untimed (so the JIT has compiled the path), then
     * {@link #repeat} times timed; returns the timed nanoseconds. Every rank calls it the same
     * number of times, as collectives require.
     */
    private long timed(Runnable call) {
        for (int i = 0; i < repeat; i++) {
            call.run();
        }
        long start = System.nanoTime();
        for (int i = 0; i < repeat; i++) {
            call.run();
        }
        return System.nanoTime() - start;
    }

    private void line(Communicator comm, String what, Request request, long nanos, boolean ok) {
        if (comm.rank() == 0) {
            System.out.printf("  mpi         %-26s %-19s %8.1f us mean/call  %s%n", what, request.algorithm().name(),
                    nanos / 1e3 / repeat, ok ? "ok (equals the MPI's own)" : "MISMATCH with the MPI's own");
        }
    }

    /** Busy arithmetic for about {@code nanos}: the application's "useful work". */
    private static double computeFor(long nanos) {
        double x = 1;
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 100; i++) {
                x = x * 1.0000001 + 1e-9;
            }
        }
        return x;
    }

    /**
     * {@link #inProcess}, with a failure (a rank's exception, a time-out) counted as a mismatch and
     * printed in one line: rank 0 must still reach the verdict broadcast below, or the other MPI
     * ranks would wait there until mpirun notices rank 0's death.
     */
    private int inProcessChecked(String label, EmulatedNetwork network) {
        try {
            return inProcess(label, network);
        } catch (RuntimeException failure) {
            System.out.println("  " + label + ": FAILED: " + failure.getMessage());
            return 1;
        }
    }

    /** The same collectives with 4 ranks as threads of this JVM; returns the mismatches. */
    private int inProcess(String label, EmulatedNetwork network) {
        int size = 4;
        AtomicInteger mismatches = new AtomicInteger();
        long[] times = new long[3];
        String[] algorithms = new String[3];
        try (InProcessWorld world = new InProcessWorld(size, network)) {
            world.run((rank, transport) -> mismatches.addAndGet(inProcessRank(transport, times, algorithms)));
        }
        String[] names = {"Ibarrier", "Ibcast " + COUNT + " doubles", "Iallreduce " + COUNT + " doubles"};
        System.out.println("  " + label + ", " + size + " ranks as threads:");
        for (int i = 0; i < 3; i++) {
            System.out.printf("  in-process  %-26s %-19s %8.1f us mean/call  %s%n", names[i], algorithms[i],
                    times[i] / 1e3 / repeat, mismatches.get() == 0 ? "ok" : "MISMATCH");
        }
        return mismatches.get();
    }

    private int inProcessRank(Transport transport, long[] times, String[] algorithms) {
        // One engine per rank, as one per process: each rank spends its own emulated overhead.
        try (ProgressEngine engine = ProgressEngine.start()) {
            Communicator comm = Communicator.create(engine, transport, CollectiveCheck.ON);
            int size = comm.size();
            ByteBuffer data = Buffers.allocate(COUNT, DataType.DOUBLE);
            ByteBuffer result = Buffers.allocate(COUNT, DataType.DOUBLE);
            for (int i = 0; i < COUNT; i++) {
                data.putDouble(8 * i, comm.rank() * 1000.0 + i);
            }
            Request[] last = new Request[3];
            long barrier = timed(() -> (last[0] = comm.ibarrier()).await());
            long bcast = timed(() -> {
                result.put(0, data, 0, data.capacity());
                (last[1] = comm.ibcast(result, COUNT, DataType.DOUBLE, 0)).await();
            });
            int mismatches = 0;
            for (int i = 0; i < COUNT; i++) {
                mismatches += result.getDouble(8 * i) == i ? 0 : 1; // rank 0's data
            }
            long allreduce = timed(() -> (last[2] = comm.iallreduce(data, result, COUNT, DataType.DOUBLE, ReduceOp.SUM)).await());
            double rankSum = 1000.0 * size * (size - 1) / 2;
            for (int i = 0; i < COUNT; i++) {
                mismatches += result.getDouble(8 * i) == rankSum + (double) size * i ? 0 : 1;
            }
            if (comm.rank() == 0) {
                times[0] = barrier;
                times[1] = bcast;
                times[2] = allreduce;
                Arrays.setAll(algorithms, i -> last[i].algorithm().name());
            }
            return mismatches == 0 ? 0 : 1;
        }
    }
}
