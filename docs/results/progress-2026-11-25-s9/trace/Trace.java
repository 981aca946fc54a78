package dev.nbc.core.progress;

/** TEMPORARY timeline trace (not to be committed). */
public final class Trace {
    public static final boolean ON = Boolean.getBoolean("nbc.trace");
    private static final int N = 1 << 22;
    private static final long[] T = new long[N];
    private static final int[] E = new int[N];
    private static final long[] A = new long[N];
    private static final String[] W = new String[N];
    private static final java.util.concurrent.atomic.AtomicInteger I = new java.util.concurrent.atomic.AtomicInteger();
    static { if (ON) Runtime.getRuntime().addShutdownHook(new Thread(() -> { try { dump(System.getProperty("nbc.trace.file", "/tmp/s9/trace-" + ProcessHandle.current().pid() + ".txt"), 0); } catch (Exception e) { e.printStackTrace(); } })); }
    public static void log(int event, long arg) {
        if (!ON) return;
        int i = I.getAndIncrement();
        if (i >= N) return;
        T[i] = System.nanoTime(); E[i] = event; A[i] = arg; W[i] = ProcessHandle.current().pid() + ":" + Thread.currentThread().getName() + "#" + Thread.currentThread().getId();
    }
    public static void dump(String file, long from) throws java.io.IOException {
        try (java.io.PrintWriter w = new java.io.PrintWriter(file)) {
            int n = Math.min(I.get(), N);
            for (int i = 0; i < n; i++) if (T[i] >= from) w.println(T[i] + " " + W[i] + " " + E[i] + " " + A[i]);
        }
    }
}
