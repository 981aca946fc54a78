package dev.nbc.core.progress;

import dev.nbc.core.EnvironmentSetting;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A trace of what the progress engines of this JVM did, and when: the progress thread's wake-ups
 * (and how late each came), its passes, every round posted and seen complete, and by which thread,
 * and when application threads entered and left the library.
 * Off unless asked for ({@code NBC_TRACE=<file prefix>}, or {@code -Dnbc.trace}); then the last
 * {@link #CAPACITY} events are written at the JVM's exit to {@code <prefix>.<pid>.csv}. It answers
 * what the benchmark's medians cannot, e.g. that a thread's pass began 1 ms into a computation and
 * tested its first request 6 ms later (docs/core.md, "Tracing the engine"). Events are recorded
 * under a lock: a diagnostic, not a measurement of the engine's own overhead.
 */
public final class EngineTrace {
    /** The environment variable and system property (which wins) naming the trace's file prefix. */
    public static final String VARIABLE = "NBC_TRACE";
    public static final String PROPERTY = "nbc.trace";
    /** Events kept: the newest, in a ring. */
    static final int CAPACITY = 1 << 20;

    /** What happened. */
    enum Event {
        /** The progress thread woke; arg: microseconds after the time it planned to (negative: woken early by a caller). */
        WAKE,
        /** The progress thread began a pass over the engine. */
        PASS,
        /** That pass ended; arg: 1 if it moved something, else 0. */
        PASS_END,
        /** A round's communication was posted; arg: the round. */
        POSTED,
        /** A round was seen complete; arg: the round. */
        COMPLETED,
        /** An application thread entered the library (a start, test or wait). */
        ENTER,
        /** It left; arg: 1 after a start, 2 handing a blocked wait to the progress thread, 0 else. */
        LEAVE
    }

    /** The trace of this JVM, or null when off. */
    static final EngineTrace ACTIVE = fromSettings();

    private final long[] times;
    private final byte[] events;
    private final int[] args;
    private final String[] threads;
    private long count;

    EngineTrace(int capacity) {
        times = new long[capacity];
        events = new byte[capacity];
        args = new int[capacity];
        threads = new String[capacity];
    }

    private static EngineTrace fromSettings() {
        String prefix = EnvironmentSetting.read(PROPERTY, VARIABLE, String::trim, null);
        if (prefix == null) {
            return null;
        }
        Path file = Path.of(prefix + "." + ProcessHandle.current().pid() + ".csv").toAbsolutePath();
        if (!Files.isDirectory(file.getParent()) || !Files.isWritable(file.getParent())) {
            // a diagnostic must not end the job: said at once, not found at the exit
            System.err.println("nbc: " + VARIABLE + "=" + prefix + ": " + file.getParent()
                    + " is not a writable directory; no engine trace is kept");
            return null;
        }
        EngineTrace trace = new EngineTrace(CAPACITY);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                trace.writeTo(out);
            } catch (IOException | UncheckedIOException e) {
                System.err.println("nbc: " + VARIABLE + ": could not write " + file + ": " + e.getMessage());
            }
        }, "nbc-trace"));
        return trace;
    }

    /** Records {@code event} with {@code arg} now, if the trace is on; off, a null check the JIT folds away. */
    static void note(Event event, int arg) {
        EngineTrace trace = ACTIVE;
        if (trace != null) {
            trace.record(event, arg, System.nanoTime());
        }
    }

    /** Records a wake-up of the progress thread that planned to wake at {@code plannedWake}: how many microseconds late it came. */
    static void noteWake(long plannedWake) {
        EngineTrace trace = ACTIVE;
        if (trace != null) {
            long now = System.nanoTime();
            trace.record(Event.WAKE, (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, (now - plannedWake) / 1000)), now);
        }
    }

    /** Records {@code event} with {@code arg} at {@code nanos} (System.nanoTime) on the calling thread. */
    synchronized void record(Event event, int arg, long nanos) {
        int i = (int) (count % times.length);
        times[i] = nanos;
        events[i] = (byte) event.ordinal();
        args[i] = arg;
        threads[i] = Thread.currentThread().getName();
        count++;
    }

    /**
     * Writes the events kept, oldest first, as CSV: microseconds since the first event kept, the
     * thread's name (the progress thread's is {@code nbc-progress}), the event and its argument.
     */
    synchronized void writeTo(Writer writer) {
        PrintWriter out = new PrintWriter(writer);
        out.println("time_us,thread,event,arg");
        long first = Math.max(0, count - times.length);
        long origin = count == 0 ? 0 : times[(int) (first % times.length)];
        Event[] kinds = Event.values();
        for (long k = first; k < count; k++) {
            int i = (int) (k % times.length);
            out.printf(Locale.ROOT, "%.3f,%s,%s,%d%n", (times[i] - origin) / 1e3, threads[i],
                    kinds[events[i]].name().toLowerCase(Locale.ROOT), args[i]);
        }
        out.flush();
    }
}
