package dev.nbc.bench.compare;

import dev.nbc.bench.latency.Stats;
import dev.nbc.core.Buffers;
import dev.nbc.core.Communicator;
import dev.nbc.core.datatype.DataType;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.schedule.Collective;
import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.core.transport.mpi.MpiRequest;
import dev.nbc.core.transport.mpi.MpiTransport;
import dev.nbc.harness.call.CollectiveCall;
import dev.nbc.harness.call.mpi.OwnMpiCall;
import dev.nbc.harness.cli.MpiAbort;
import dev.nbc.harness.ranks.mpi.WorldValues;

import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * What Java's way into MPI adds to a call, beside the same calls from C
 * ({@code nbc-bench/src/main/c/mpi_call_cost.c}; scripts/call-cost runs both and prints the
 * ratios). On two ranks, through whichever way {@code NBC_MPI} names (Open MPI's Java bindings or
 * the FFM API), each line {@code <case> median_us mean_us p99_us}, the maximum over ranks:
 * <ul>
 * <li>{@code pingpong}: an 8 B MPI_Isend and MPI_Irecv through {@link MpiComm}, tested until done,
 * rank 0 then rank 1: a round trip of the raw calls, as the C loop makes it;</li>
 * <li>{@code own-iallreduce}, {@code own-ibarrier}: the library's own MPI_Iallreduce (one double)
 * and MPI_Ibarrier with MPI_Wait, called from Java;</li>
 * <li>{@code nbc-iallreduce-M}, {@code nbc-ibarrier-M}: nbc's, started and awaited back to back,
 * with progress mode M (THREAD or MANUAL).</li>
 * </ul>
 * Usage: {@code scripts/nbcrun -np 2 dev.nbc.bench.compare.CallCost [iterations]}.
 */
public final class CallCost {
    private CallCost() {
    }

    /** One timed call. */
    private interface Call {
        void run() throws MpiException;
    }

    public static void main(String[] args) throws MpiException {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations: must be >= 1, but was " + iterations);
        }
        MpiAbort.job("call-cost", mpi -> {
            measure(mpi, iterations);
            return 0;
        });
    }

    private static void measure(Mpi mpi, int iterations) throws MpiException {
        MpiComm world = mpi.world();
        if (world.size() != 2) {
            throw new IllegalArgumentException("call-cost needs exactly 2 ranks, but has " + world.size());
        }
        if (world.rank() == 0) {
            System.out.println("# " + mpi.version() + " through " + mpi.access() + ", " + iterations + " iterations a case");
        }
        int peer = 1 - world.rank();
        ByteBuffer out = Buffers.allocate(1, DataType.DOUBLE);
        ByteBuffer in = Buffers.allocate(1, DataType.DOUBLE);
        Call pingpong = world.rank() == 0
                ? () -> {
                    complete(world.send(out, 0, 8, peer, 0));
                    complete(world.receive(in, 0, 8, peer, 0));
                }
                : () -> {
                    complete(world.receive(in, 0, 8, peer, 0));
                    complete(world.send(out, 0, 8, peer, 0));
                };
        report(world, "pingpong", time(world, pingpong, iterations));
        CollectiveCall ownAllreduce = new OwnMpiCall(world, Collective.ALLREDUCE, 8);
        report(world, "own-iallreduce", time(world, () -> ownAllreduce.start().await(), iterations));
        CollectiveCall ownBarrier = new OwnMpiCall(world, Collective.BARRIER, 0);
        report(world, "own-ibarrier", time(world, () -> ownBarrier.start().await(), iterations));
        for (ProgressMode mode : ProgressMode.values()) {
            try (ProgressEngine engine = ProgressEngine.start(mode, IdleStrategy.BACKOFF);
                 Communicator comm = Communicator.create(engine, MpiTransport.create(world))) {
                String suffix = "-" + mode.name().toLowerCase(Locale.ROOT);
                report(world, "nbc-iallreduce" + suffix, time(world,
                        () -> comm.iallreduce(out, in, 1, DataType.DOUBLE, ReduceOp.SUM).await(), iterations));
                report(world, "nbc-ibarrier" + suffix, time(world, () -> comm.ibarrier().await(), iterations));
            }
        }
    }

    private static void complete(MpiRequest request) throws MpiException {
        while (!request.test()) {
            Thread.onSpinWait();
        }
    }

    /**
     * Warm-up lasts at least this long. A loop of 8 B exchanges through FFM on this project's
     * slower VM took 1.1-1.4 us an exchange for its first 1.5-3 s and 0.6 us from then on (the
     * JIT's last compilations finish late on a core shared with a spinning rank); a fixed count of
     * untimed calls ended the warm-up before that in some runs and not in others.
     */
    static final double WARM_UP_SECONDS = 2.0;

    /**
     * This rank's time of each call, in seconds, after untimed passes of as many calls until both
     * ranks have spent {@link #WARM_UP_SECONDS} in them (they make the same calls: they agree
     * after each pass whether to make another).
     */
    private static double[] time(MpiComm world, Call call, int iterations) throws MpiException {
        double[] seconds = new double[iterations];
        long warmUpStart = System.nanoTime();
        double[] warmedUp = {0};
        while (warmedUp[0] < WARM_UP_SECONDS) {
            pass(world, call, seconds);
            warmedUp[0] = (System.nanoTime() - warmUpStart) * 1e-9;
            WorldValues.allreduce(world, warmedUp, ReduceOp.MIN);
        }
        pass(world, call, seconds);
        return seconds;
    }

    private static void pass(MpiComm world, Call call, double[] seconds) throws MpiException {
        WorldValues.barrier(world);
        for (int i = 0; i < seconds.length; i++) {
            long start = System.nanoTime();
            call.run();
            seconds[i] = (System.nanoTime() - start) * 1e-9;
        }
    }

    /** Rank 0 prints the case's median, mean and p99 in microseconds, each the maximum over ranks. */
    private static void report(MpiComm world, String name, double[] seconds) throws MpiException {
        double[] figures = {Stats.median(seconds) * 1e6, Stats.mean(seconds) * 1e6, Stats.quantile(seconds, 0.99) * 1e6};
        WorldValues.allreduce(world, figures, ReduceOp.MAX);
        if (world.rank() == 0) {
            System.out.printf(Locale.ROOT, "%s %.3f %.3f %.3f%n", name, figures[0], figures[1], figures[2]);
        }
    }
}
