package dev.nbc.harness.cli;

import java.util.Locale;

/**
 * What a JVM may allocate, for the checks that refuse sizes which cannot fit before anything is
 * allocated (instead of an OutOfMemoryError, or minutes of garbage collection, later).
 */
public final class HeapBudget {
    private HeapBudget() {
    }

    /**
     * {@link Runtime#maxMemory()}: the heap's limit (-Xmx), which is also that of direct buffers
     * unless -XX:MaxDirectMemorySize says otherwise.
     */
    public static long limit() {
        return Runtime.getRuntime().maxMemory();
    }

    /** "512 B", "1.5 KiB", "3.0 GiB". */
    public static String format(double bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        int unit = 0;
        double v = bytes;
        while (v >= 1024 && unit < units.length - 1) {
            v /= 1024;
            unit++;
        }
        return unit == 0 ? String.format(Locale.ROOT, "%.0f B", v) : String.format(Locale.ROOT, "%.1f %s", v, units[unit]);
    }
}
