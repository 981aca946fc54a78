package dev.nbc.bench.jitter;

import dev.nbc.harness.ranks.CoreBinding;

import java.util.concurrent.locks.LockSupport;

/**
 * Noise with a known pattern, for validating the simulation against a real run: on each CPU given, a thread bound to it sleeps {@code periodNanos} and then
 * spins {@code detourNanos}, so that a program computing on that CPU is preempted for about
 * {@code detourNanos} every {@code periodNanos + detourNanos} (the scheduler lets a thread that
 * slept preempt one that computes). Runs until {@code seconds} have passed.
 */
public final class NoiseInjector {
    private static volatile long sink;

    private NoiseInjector() {
    }

    public static void run(java.util.List<Integer> cpus, long periodNanos, long detourNanos, double seconds) throws InterruptedException {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        java.util.List<Thread> threads = new java.util.ArrayList<>();
        for (int cpu : cpus) {
            Thread t = new Thread(() -> {
                if (CoreBinding.unsupportedReason() == null) {
                    CoreBinding.bindTo(cpu);
                }
                long x = 1;
                while (System.nanoTime() - end < 0) {
                    LockSupport.parkNanos(periodNanos);
                    long until = System.nanoTime() + detourNanos;
                    while (System.nanoTime() - until < 0) {
                        x = x * 6364136223846793005L + 1;
                    }
                    sink = x;
                }
            }, "nbc-noise-" + cpu);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }
}
