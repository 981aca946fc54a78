package dev.nbc.bench.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report of a subcommand that is not one of the rank benchmarks (model validate and select,
 * jitter collect and simulate): its rows with the run's description (command, git commit, date
 * and what else it names), and what it prints, which is also the summary file's text.
 */
public final class CommandReport {
    private final ByteArrayOutputStream text = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(new Tee(System.out, text), true, StandardCharsets.UTF_8);
    private final Results results;

    /** @param run what describes the run besides the command, the git commit and the date (e.g. the transport) */
    public CommandReport(String command, Map<String, Object> run) {
        Map<String, Object> all = new LinkedHashMap<>(run);
        all.put("command", command);
        all.put("git_commit", RunInfo.gitCommit());
        all.put("date", java.time.OffsetDateTime.now().toString());
        results = new Results(all);
    }

    /** Printed to the terminal and kept for the summary file. */
    public PrintStream out() {
        return out;
    }

    public Results results() {
        return results;
    }

    /** Writes the CSV, JSON, plots of {@code sections} and the summary as {@code name} into {@code dir}, and says so. */
    public List<Path> write(List<? extends ReportSection> sections, Path dir, String name, String also) throws IOException {
        List<Path> files = Report.write(results, sections, dir, name, text.toString(StandardCharsets.UTF_8));
        System.out.println("\nwrote " + String.join(", ", files.stream().map(p -> p.getFileName().toString()).toList())
                + also + " to " + dir.toAbsolutePath());
        return files;
    }

    /** Writes to two streams: the terminal and the summary's text. */
    private static final class Tee extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Tee(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }
    }
}
