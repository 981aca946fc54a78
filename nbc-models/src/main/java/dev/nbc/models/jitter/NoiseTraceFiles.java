package dev.nbc.models.jitter;

import dev.nbc.models.simulation.DetourTrace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Noise traces on disk, in two formats:
 * <ul>
 *   <li>{@link Format#TUPLES}: jitSim's ⟨jitter duration, time to next jitter⟩, as CSV with the
 *       header {@code jitter_ns,gap_ns}, a row per detour (what {@code NbcBench jitter collect}
 *       writes);</li>
 *   <li>{@link Format#LOGGOPSIM}: a detour per line, its start and duration in ns separated by
 *       white space, as LogGOPSim's noise traces; the trace's period is the last detour's end
 *       unless a line {@code # period <ns>} says otherwise.</li>
 * </ul>
 * Lines starting with {@code #} are comments. A malformed line is refused naming its file and number.
 */
public final class NoiseTraceFiles {
    /** The formats; {@link #of(Path)} guesses from the file name. */
    public enum Format {
        TUPLES, LOGGOPSIM;

        /** LOGGOPSIM for names ending in .txt or .noise, TUPLES otherwise (.csv). */
        public static Format of(Path file) {
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            return name.endsWith(".txt") || name.endsWith(".noise") ? LOGGOPSIM : TUPLES;
        }
    }

    private NoiseTraceFiles() {
    }

    public static DetourTrace read(Path file, Format format) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("trace: " + file + " does not exist");
        }
        List<double[]> rows = new ArrayList<>();
        double period = Double.NaN;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                String text = line.trim();
                if (text.isEmpty() || text.startsWith("jitter_ns")) {
                    continue;
                }
                if (text.startsWith("#")) {
                    String[] words = text.substring(1).trim().split("\\s+");
                    if (words.length == 2 && words[0].equals("period")) {
                        period = number(words[1], file, number);
                    }
                    continue;
                }
                String[] fields = text.split(format == Format.TUPLES ? "\\s*,\\s*" : "\\s+");
                if (fields.length != 2) {
                    throw new IllegalArgumentException(file + ":" + number + ": expected two numbers ("
                            + (format == Format.TUPLES ? "jitter_ns,gap_ns" : "start duration") + "), got '" + text + "'");
                }
                rows.add(new double[] {number(fields[0], file, number), number(fields[1], file, number)});
            }
        } catch (IOException e) {
            throw new UncheckedIOException("trace: cannot read " + file, e);
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(file + ": no detours in it");
        }
        double[] a = new double[rows.size()];
        double[] b = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            a[i] = rows.get(i)[0];
            b[i] = rows.get(i)[1];
        }
        try {
            if (format == Format.TUPLES) {
                return JitterTuples.toTrace(a, b);
            }
            double end = a[a.length - 1] + b[b.length - 1];
            return new DetourTrace(a, b, Double.isNaN(period) ? end : period);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    public static void write(DetourTrace trace, Path file, Format format) {
        StringBuilder sb = new StringBuilder();
        if (format == Format.TUPLES) {
            double[][] tuples = JitterTuples.fromTrace(trace);
            sb.append("jitter_ns,gap_ns\n");
            for (int i = 0; i < trace.detours(); i++) {
                sb.append(format(tuples[0][i])).append(',').append(format(tuples[1][i])).append('\n');
            }
        } else {
            sb.append("# period ").append(format(trace.period())).append('\n');
            for (int i = 0; i < trace.detours(); i++) {
                sb.append(format(trace.start(i))).append(' ').append(format(trace.duration(i))).append('\n');
            }
        }
        try {
            Files.writeString(file, sb, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("trace: cannot write " + file, e);
        }
    }

    /** Several traces one after the other (one per core): a task's random point falls in one of them. */
    public static DetourTrace concatenate(List<DetourTrace> traces) {
        int n = traces.stream().mapToInt(DetourTrace::detours).sum();
        double[] starts = new double[n];
        double[] durations = new double[n];
        double shift = 0;
        int k = 0;
        for (DetourTrace t : traces) {
            for (int i = 0; i < t.detours(); i++) {
                starts[k] = shift + t.start(i);
                durations[k++] = t.duration(i);
            }
            shift += t.period();
        }
        return new DetourTrace(starts, durations, shift);
    }

    private static double number(String text, Path file, int line) {
        try {
            double v = Double.parseDouble(text);
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + ":" + line + ": '" + text + "' is not a number of ns");
        }
    }

    private static String format(double ns) {
        return ns == Math.rint(ns) && Math.abs(ns) < 1e15 ? Long.toString((long) ns) : Double.toString(ns);
    }
}
