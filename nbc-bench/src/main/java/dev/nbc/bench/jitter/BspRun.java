package dev.nbc.bench.jitter;

import dev.nbc.bench.overlap.BusyWork;
import dev.nbc.core.Communicator;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;
import dev.nbc.core.transport.mpi.MpiTransport;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.Cli;
import dev.nbc.harness.cli.MpiAbort;
import dev.nbc.harness.cli.OptionChecks;
import dev.nbc.core.datatype.ReduceOp;
import dev.nbc.core.transport.mpi.Mpi;
import dev.nbc.core.transport.mpi.MpiComm;
import dev.nbc.core.transport.mpi.MpiException;
import dev.nbc.harness.ranks.mpi.WorldValues;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * The real counterpart of {@code jitter simulate}: P MPI ranks compute
 * phases of W, each ended by nbc's barrier, and the slowdown (mean phase time, the slowest rank's,
 * over W - 1) is measured. W is work, not time: the busy loop is calibrated on the thread's CPU
 * time ({@link BusyWork}), which a preemption does not advance, so noise lengthens a phase
 * instead of shortening its work. Run on ranks:
 * {@code scripts/nbcrun -np P dev.nbc.bench.jitter.BspRun --work-us 100,1000,10000 --phases 200}.
 */
@Command(name = "jitter-bsp", mixinStandardHelpOptions = true,
        description = "Compute phases of W ended by nbc's barrier on MPI ranks: the measured slowdown from the machine's noise.")
public final class BspRun implements Callable<Integer>, Checked {
    @Option(names = "--work-us", split = ",", paramLabel = "W", defaultValue = "100,1000,10000",
            description = "Work per phase, us (default ${DEFAULT-VALUE}).")
    List<Double> workMicros;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "5",
            description = "About this long per W (default ${DEFAULT-VALUE}): phases = S / W, at least 20.")
    double seconds;

    public static void main(String[] args) {
        System.exit(Cli.commandLine(new BspRun()).execute(args));
    }

    @Override
    public void check(OptionChecks checks) {
        for (double w : workMicros) {
            checks.require(w > 0 && Double.isFinite(w), "--work-us", "positive", w);
        }
        checks.require(seconds > 0 && seconds < 3600, "--seconds", "between 0 and 3600", seconds);
    }

    @Override
    public Integer call() throws MpiException {
        return MpiAbort.job("jitter-bsp", this::measure);
    }

    private int measure(Mpi mpi) throws MpiException {
        MpiComm world = mpi.world();
        try (ProgressEngine engine = ProgressEngine.start(ProgressMode.THREAD, IdleStrategy.BACKOFF);
             Communicator comm = Communicator.create(engine, MpiTransport.create(world))) {
            BusyWork work = BusyWork.calibrate();
            double[] rate = {work.iterationsPerNano()};
            WorldValues.allreduce(world, rate, ReduceOp.MIN);   // every rank the same work
            work = BusyWork.withRate(rate[0]);
            if (comm.rank() == 0) {
                System.out.printf(Locale.ROOT, "P=%d, nbc barrier (%s); W, phases, mean phase us (slowest rank), slowdown %%, barrier alone us%n",
                        comm.size(), engine.policy());
            }
            for (double w : workMicros) {
                long nanos = (long) (w * 1e3);
                int phases = (int) Math.max(20, seconds * 1e6 / w);
                for (int i = 0; i < Math.min(phases, 50); i++) {   // warm-up
                    work.work(nanos);
                    comm.ibarrier().await();
                }
                double alone = barrierAlone(world, comm);
                comm.ibarrier().await();
                long t0 = System.nanoTime();
                for (int i = 0; i < phases; i++) {
                    work.work(nanos);
                    comm.ibarrier().await();
                }
                double[] total = {System.nanoTime() - t0};
                WorldValues.allreduce(world, total, ReduceOp.MAX);
                double phase = total[0] / phases;
                if (comm.rank() == 0) {
                    System.out.printf(Locale.ROOT, "W=%.0f phases=%d phase=%.2f slowdown=%.3f barrier=%.2f%n", w, phases, phase / 1e3,
                            100 * (phase / nanos - 1), alone / 1e3);
                }
            }
        }
        return 0;
    }

    /** Median of 200 back-to-back barriers, the slowest rank's: the synchronisation's own cost. */
    private static double barrierAlone(MpiComm world, Communicator comm) throws MpiException {
        double[] t = new double[200];
        for (int i = 0; i < t.length; i++) {
            long s = System.nanoTime();
            comm.ibarrier().await();
            t[i] = System.nanoTime() - s;
        }
        java.util.Arrays.sort(t);
        double[] median = {t[t.length / 2]};
        WorldValues.allreduce(world, median, ReduceOp.MAX);
        return median[0];
    }
}
