package dev.nbc.jmh;

import dev.nbc.core.Communicator;
import dev.nbc.core.progress.IdleStrategy;
import dev.nbc.core.progress.ProgressEngine;
import dev.nbc.core.progress.ProgressMode;

import java.util.Arrays;

/**
 * The two sides of the progress thread's idle strategy: the CPU it uses while nothing is in
 * flight, and how fast it reacts to a collective submitted after an idle spell. Each strategy is
 * measured in the same run, so the figures compare. Usage:
 * {@code java -cp nbc-jmh.jar dev.nbc.jmh.IdleBehaviourMeasurement [idleSeconds]}.
 */
public final class IdleBehaviourMeasurement {
    private IdleBehaviourMeasurement() {
    }

    public static void main(String[] args) throws InterruptedException {
        double idleSeconds = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        System.out.printf("%-10s %14s %14s %14s %14s %14s%n", "strategy", "idle CPU", "react hot", "react 1ms",
                "react 10ms", "react 100ms");
        for (IdleStrategy strategy : IdleStrategy.values()) {
            try (ProgressEngine engine = ProgressEngine.start(ProgressMode.THREAD, strategy)) {
                Communicator comm = Communicator.create(engine, new LoopbackTransport(0, 2));
                for (int i = 0; i < 20_000; i++) {
                    comm.ibarrier().await(); // warm up the JIT
                }
                Thread.sleep(200);
                long before = engine.threadCpuNanos();
                Thread.sleep((long) (idleSeconds * 1000));
                double idleCpuPercent = 100.0 * (engine.threadCpuNanos() - before) / (idleSeconds * 1e9);
                System.out.printf("%-10s %13.3f%% %14s %14s %14s %14s%n", strategy, idleCpuPercent,
                        reaction(comm, 0), reaction(comm, 1), reaction(comm, 10), reaction(comm, 100));
            }
        }
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
