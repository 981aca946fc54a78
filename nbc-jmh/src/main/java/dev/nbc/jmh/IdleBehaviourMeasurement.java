package dev.nbc.jmh;

import dev.nbc.core.Communicator;
import dev.nbc.core.check.CollectiveCheck;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressPolicy;

import java.util.Arrays;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The two sides of the progress thread at rest: the CPU it uses while nothing is in flight, and how
 * fast a collective submitted after an idle spell completes. Each DEDICATED idle strategy and the
 * SHARED policy are measured in the same run, so the figures compare. Usage:
 * {@code java -cp nbc-jmh.jar dev.nbc.jmh.IdleBehaviourMeasurement [--idle-seconds S]}.
 */
@Command(name = "idle-behaviour", mixinStandardHelpOptions = true,
        description = "Idle CPU of the progress thread and the reaction time after an idle spell, per idle strategy and SHARED.")
public final class IdleBehaviourMeasurement implements Callable<Integer> {
    @Option(names = "--idle-seconds", paramLabel = "S", defaultValue = "10", description = "Idle spell per strategy (default ${DEFAULT-VALUE}).")
    double idleSeconds;

    public static void main(String[] args) {
        System.exit(new CommandLine(new IdleBehaviourMeasurement()).execute(args));
    }

    @Override
    public Integer call() throws InterruptedException {
        if (!(idleSeconds > 0)) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--idle-seconds: must be > 0, but was " + idleSeconds);
        }
        System.out.printf("%-10s %14s %14s %14s %14s %14s%n", "strategy", "idle CPU", "react hot", "react 1ms",
                "react 10ms", "react 100ms");
        for (int variant = 0; variant <= IdleStrategy.values().length; variant++) {
            boolean shared = variant == IdleStrategy.values().length;
            String name = shared ? "SHARED" : IdleStrategy.values()[variant].toString();
            try (ProgressEngine engine = shared ? ProgressEngine.start(ProgressPolicy.SHARED)
                    : ProgressEngine.start(ProgressPolicy.DEDICATED, IdleStrategy.values()[variant])) {
                Communicator comm = Communicator.create(engine, new LoopbackTransport(0, 2), CollectiveCheck.OFF);
                for (int i = 0; i < 20_000; i++) {
                    comm.ibarrier().await(); // warm up the JIT
                }
                Thread.sleep(200);
                long before = engine.threadCpuNanos();
                Thread.sleep((long) (idleSeconds * 1000));
                double idleCpuPercent = 100.0 * (engine.threadCpuNanos() - before) / (idleSeconds * 1e9);
                System.out.printf("%-10s %13.3f%% %14s %14s %14s %14s%n", name, idleCpuPercent,
                        reaction(comm, 0), reaction(comm, 1), reaction(comm, 10), reaction(comm, 100));
            }
        }
        return 0;
    }

    /** Median and 90th percentile of start-to-completion of a barrier submitted after {@code idleMillis} of idleness. */
    private static String reaction(Communicator comm, int idleMillis) throws InterruptedException {
        int samples = idleMillis >= 100 ? 20 : 200;
        long[] nanos = new long[samples];
        for (int i = 0; i < samples; i++) {
            if (idleMillis > 0) {
                Thread.sleep(idleMillis);
            }
            long start = System.nanoTime();
            comm.ibarrier().await();
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        return String.format("%.1f/%.1f us", nanos[samples / 2] / 1e3, nanos[samples * 9 / 10] / 1e3);
    }
}
