package dev.nbc.bench.report;

import java.io.PrintStream;

/** A one-line progress bar on stderr, drawn only when enabled (rank 0 on a terminal). */
public final class ProgressBar {
    private final boolean enabled;
    private final PrintStream out;
    private final int total;
    private int done;

    public ProgressBar(boolean enabled, int total) {
        this.enabled = enabled;
        this.out = System.err;
        this.total = Math.max(1, total);
    }

    /** Enabled only with a console, i.e. stdin and stdout are a terminal. */
    public static boolean terminal() {
        return System.console() != null;
    }

    public void step(String label) {
        done++;
        if (!enabled) {
            return;
        }
        int width = 30;
        int filled = Math.min(width, done * width / total);
        String text = String.format("\r[%s%s] %d/%d %-40.40s", "#".repeat(filled), " ".repeat(width - filled), done, total, label);
        out.print(text);
        if (done >= total) {
            out.print("\r" + " ".repeat(text.length()) + "\r");
        }
        out.flush();
    }

    public void finish() {
        if (enabled && done < total) {
            out.print("\r" + " ".repeat(90) + "\r");
            out.flush();
        }
    }
}
