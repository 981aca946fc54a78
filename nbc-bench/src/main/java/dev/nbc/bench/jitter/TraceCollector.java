package dev.nbc.bench.jitter;

import dev.nbc.bench.netgauge.timer.TimerQuality;
import dev.nbc.harness.ranks.CoreBinding;
import dev.nbc.models.simulation.DetourTrace;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * jitSim's TraceCollector (De and Mann, section 3.1): a tight loop reads the finest clock Java has
 * ({@link System#nanoTime()}); the smallest difference between two readings, t_min, is found
 * first; every later difference above a threshold is a detour, the time the loop did not run,
 * recorded as its start and its length less t_min. One collector per core, each bound to its core
 * where the platform allows it (the paper ran one per core).
 *
 * <p>It must not add noise of its own: the recording loop allocates nothing (the arrays are made
 * before), and it runs once untimed first so that the JIT has compiled it before the recorded run.
 */
public final class TraceCollector {
    /** Clock reads to find t_min (and to compile the reading loop). */
    static final int CALIBRATION_READS = 2_000_000;
    /** How long the recording loop runs untimed first, so that it is compiled when it counts. */
    static final long WARM_UP_NANOS = 500_000_000L;

    /**
     * One core's trace.
     *
     * @param cpu         the CPU the collector was bound to, or -1 if unbound
     * @param tMinNanos   the smallest clock step seen
     * @param spanNanos   how long it recorded (the trace's period)
     * @param full        true if it stopped because the detour arrays were full, before the span
     */
    public record Collected(int cpu, long tMinNanos, long thresholdNanos, long spanNanos, boolean full, DetourTrace trace,
                            String binding) {
    }

    private TraceCollector() {
    }

    /** A collector per CPU of {@code cpus} (all at once, each bound to its own); null or empty: one, unbound. */
    public static List<Collected> collectOnCpus(List<Integer> cpus, long spanNanos, long thresholdNanos, int maxDetours)
            throws InterruptedException {
        if (cpus == null || cpus.isEmpty()) {
            return List.of(collect(spanNanos, thresholdNanos, maxDetours, -1, "unbound"));
        }
        List<AtomicReference<Object>> out = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int cpu : cpus) {
            AtomicReference<Object> result = new AtomicReference<>();
            out.add(result);
            Thread t = new Thread(() -> {
                try {
                    String binding = bind(cpu);
                    result.set(collect(spanNanos, thresholdNanos, maxDetours, binding.startsWith("cpu") ? cpu : -1, binding));
                } catch (RuntimeException | Error e) {
                    result.set(e);
                }
            }, "nbc-jitter-collector-" + cpu);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        List<Collected> traces = new ArrayList<>();
        for (AtomicReference<Object> r : out) {
            if (r.get() instanceof Throwable failure) {
                throw new IllegalStateException("jitter collector: " + failure, failure);
            }
            traces.add((Collected) r.get());
        }
        return traces;
    }

    private static String bind(int cpu) {
        String unsupported = CoreBinding.unsupportedReason();
        if (unsupported != null) {
            return "unbound (" + unsupported + ")";
        }
        try {
            CoreBinding.bindTo(cpu);
            return "cpu " + cpu;
        } catch (RuntimeException e) {
            return "unbound (" + e.getMessage() + ")";
        }
    }

    /** Collects on the calling thread for {@code spanNanos} (or until {@code maxDetours} are recorded). */
    public static Collected collect(long spanNanos, long thresholdNanos, int maxDetours, int cpu, String binding) {
        if (spanNanos <= 0 || thresholdNanos <= 0 || maxDetours < 1) {
            throw new IllegalArgumentException("spanNanos, thresholdNanos, maxDetours: must be positive, but were "
                    + spanNanos + ", " + thresholdNanos + ", " + maxDetours);
        }
        // the clock's smallest step, at least 1 ns (a clock that never moved in the reads counts as 1)
        long tMin = Math.max(1, TimerQuality.minimumStep(System::nanoTime, CALIBRATION_READS));
        long threshold = Math.max(thresholdNanos, tMin + 1);
        long[] starts = new long[maxDetours];
        long[] steps = new long[maxDetours];
        record(starts, steps, WARM_UP_NANOS, threshold);   // compiles the loop; its detours are overwritten
        long[] meta = record(starts, steps, spanNanos, threshold);
        int n = (int) meta[0];
        long span = meta[1];
        double[] s = new double[n];
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            s[i] = starts[i];
            d[i] = steps[i] - tMin;
        }
        return new Collected(cpu, tMin, threshold, span, n == maxDetours, new DetourTrace(s, d, Math.max(span, n == 0 ? 1
                : s[n - 1] + d[n - 1])), binding);
    }

    /**
     * The recording loop: reads the clock until {@code spanNanos} have passed or the arrays are
     * full; a step above {@code threshold} is a detour (start relative to the loop's start, step).
     * Returns {detours recorded, span actually covered}.
     */
    static long[] record(long[] starts, long[] steps, long spanNanos, long threshold) {
        int n = 0;
        int capacity = starts.length;
        long begin = System.nanoTime();
        long end = begin + spanNanos;
        long last = begin;
        while (true) {
            long now = System.nanoTime();
            long step = now - last;
            if (step > threshold) {
                starts[n] = last - begin;
                steps[n] = step;
                if (++n == capacity) {
                    return new long[] {n, now - begin};
                }
            }
            if (now - end >= 0) {
                return new long[] {n, now - begin};
            }
            last = now;
        }
    }
}
