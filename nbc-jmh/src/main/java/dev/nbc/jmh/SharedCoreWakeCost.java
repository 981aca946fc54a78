package dev.nbc.jmh;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;

/**
 * What one wake-up of a second thread on the application's own core costs the application: a
 * dependent integer chain timed alone, then again while another thread sleeps and wakes every
 * 20, 50 and 200 us doing nothing else (the default timer slack, so a wake-up may come up to 50 us
 * late; what is measured is the cost of each, whenever it comes). The
 * difference per wake-up is the floor under any progress thread that shares a core: work it takes
 * over must be worth more than this. Run it on one core:
 * {@code taskset -c 1 java -cp nbc-jmh.jar dev.nbc.jmh.SharedCoreWakeCost}.
 */
@Command(name = "shared-core-wake-cost", mixinStandardHelpOptions = true,
        description = "What one wake-up of a second thread on the application's core costs the application (run under taskset -c <core>).")
public final class SharedCoreWakeCost implements Callable<Integer> {
    private static final long[] PERIODS_MICROS = {20, 50, 200};
    private static final long CHAIN_ITERATIONS = 50_000_000L;
    private static volatile long sink;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SharedCoreWakeCost()).execute(args));
    }

    @Override
    public Integer call() throws InterruptedException {
        chain(2 * CHAIN_ITERATIONS);
        for (long period : PERIODS_MICROS) {
            long alone = timedChain();
            WakingThread waker = new WakingThread(period * 1_000);
            waker.start();
            Thread.sleep(50);
            long wakesBefore = waker.wakes;
            long shared = timedChain();
            long wakes = waker.wakes - wakesBefore;
            waker.finish();
            System.out.printf("period %d us: computation alone %.1f ms, beside the waking thread %.1f ms, %d wake-ups, "
                            + "%.1f us of computation lost per wake-up%n", period, alone / 1e6, shared / 1e6, wakes,
                    (shared - alone) / 1e3 / Math.max(1, wakes));
        }
        return 0;
    }

    private static long timedChain() {
        long t0 = System.nanoTime();
        chain(CHAIN_ITERATIONS);
        return System.nanoTime() - t0;
    }

    private static void chain(long iterations) {
        long x = sink | 1;
        for (long i = 0; i < iterations; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        sink = x;
    }

    /** Sleeps {@code periodNanos}, wakes, counts, sleeps again, until stopped. */
    private static final class WakingThread extends Thread {
        private final long periodNanos;
        private volatile boolean running = true;
        volatile long wakes;

        WakingThread(long periodNanos) {
            super("waker");
            this.periodNanos = periodNanos;
            setDaemon(true);
        }

        @Override
        public void run() {
            while (running) {
                LockSupport.parkNanos(periodNanos);
                wakes++;
            }
        }

        void finish() throws InterruptedException {
            running = false;
            join();
        }
    }
}
