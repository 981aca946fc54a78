package dev.nbc.models.jitter;

import dev.nbc.models.files.InputFiles;
import dev.nbc.models.simulation.DetourTrace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
 * Lines starting with {@code #} are comments. A bad file is refused in one line naming the file, the line and
 * the rule ({@link #read}).
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

    /** The largest value a trace's line may hold (1000 s): a detour, a gap or a start. */
    public static final double MAX_VALUE_NS = 1e12;
    /** The longest trace (11.6 days): below it a double still resolves an eighth of a ns. */
    public static final double MAX_END_NS = 1e15;
    /**
     * The largest trace file: 2 GB, about 100 million detours of 'jitter collect' (a day on every
     * CPU of a node); read a line at a time ({@link InputFiles#eachLine}), unlike the other input
     * files' {@link InputFiles#MAX_BYTES}.
     */
    public static final long MAX_FILE_BYTES = 2L << 30;

    private NoiseTraceFiles() {
    }

    /**
     * The trace in {@code file}, refused ({@link InputFiles}: one line naming the file, the line and
     * the rule) unless every value is a number of ns from 0 to {@link #MAX_VALUE_NS}, every detour
     * lasts more than 0 ns, the detours follow each other without overlap, and the trace ends
     * before {@link #MAX_END_NS}. Read a line at a time into two arrays of doubles: a trace of
     * millions of detours costs 16 bytes each, not the file's text held as strings.
     */
    public static DetourTrace read(Path file, Format format) {
        String kind = format == Format.TUPLES ? "a noise trace (CSV jitter_ns,gap_ns, as 'jitter collect' writes)"
                : "a noise trace (a detour per line: start duration, in ns)";
        Reading reading = new Reading(file, format);
        InputFiles.eachLine(file, kind, MAX_FILE_BYTES, reading::line);
        if (reading.detours == 0) {
            throw InputFiles.refusal(file, "no detours in it (expected " + kind + ")");
        }
        double period = format == Format.TUPLES ? Double.NaN : reading.period;   // jitSim's trace repeats after its last row's gap
        double lastEnd = reading.starts[reading.detours - 1] + reading.durations[reading.detours - 1];
        if (!Double.isNaN(period) && period < lastEnd) {
            throw InputFiles.refusal(file, "# period " + period + " ends before the last detour does");
        }
        return new DetourTrace(Arrays.copyOf(reading.starts, reading.detours), Arrays.copyOf(reading.durations, reading.detours),
                Double.isNaN(period) ? reading.end : period);
    }

    /** {@link #read}'s state: the detours so far, where the trace has got to, and a {@code # period} line. */
    private static final class Reading {
        private final Path file;
        private final Format format;
        private double[] starts = new double[1024];
        private double[] durations = new double[1024];
        private int detours;
        private double end;
        private double period = Double.NaN;

        Reading(Path file, Format format) {
            this.file = file;
            this.format = format;
        }

        void line(int number, String line) {
            String text = line.trim();
            if (text.isEmpty() || text.startsWith("jitter_ns")) {
                return;
            }
            if (text.startsWith("#")) {
                String[] words = text.substring(1).trim().split("\\s+");
                if (words.length == 2 && words[0].equals("period")) {
                    period = InputFiles.number(file, number, "the period (ns)", words[1], Double.MIN_VALUE, MAX_END_NS);
                }
                return;
            }
            boolean tuples = format == Format.TUPLES;
            String[] fields = twoFields(text);
            if (fields == null) {
                throw InputFiles.refusal(file, number, "expected two numbers (" + (tuples ? "jitter_ns,gap_ns" : "start duration")
                        + "), got '" + text + "'");
            }
            double first = InputFiles.number(file, number, tuples ? "jitter_ns" : "start", fields[0], 0, MAX_VALUE_NS);
            double second = InputFiles.number(file, number, tuples ? "gap_ns" : "duration", fields[1], 0, MAX_VALUE_NS);
            double duration = tuples ? first : second;
            double start = tuples ? end : first;
            if (!(duration > 0)) {
                throw InputFiles.refusal(file, number, (tuples ? "jitter_ns" : "duration")
                        + " must be above 0 (a detour takes time), but was '" + fields[tuples ? 0 : 1] + "'");
            }
            if (start < end) {
                throw InputFiles.refusal(file, number, "the detour starts at " + fields[0] + " ns, before the previous one ends ("
                        + end + " ns): detours must be sorted and must not overlap");
            }
            end = start + duration + (tuples ? second : 0);
            if (end > MAX_END_NS) {
                throw InputFiles.refusal(file, number, "the trace reaches " + end + " ns here, beyond the "
                        + MAX_END_NS + " ns (11.6 days) a trace may span");
            }
            if (detours == starts.length) {
                starts = Arrays.copyOf(starts, 2 * detours);
                durations = Arrays.copyOf(durations, 2 * detours);
            }
            starts[detours] = start;
            durations[detours++] = duration;
        }

        /** The line's two fields: split at its one comma (tuples) or its one run of white space; null if it has not two. */
        private String[] twoFields(String text) {
            if (format == Format.TUPLES) {
                int comma = text.indexOf(',');
                if (comma < 0 || text.indexOf(',', comma + 1) >= 0) {
                    return null;
                }
                return new String[] {text.substring(0, comma).trim(), text.substring(comma + 1).trim()};
            }
            int gap = 0;
            while (gap < text.length() && !Character.isWhitespace(text.charAt(gap))) {
                gap++;
            }
            int second = gap;
            while (second < text.length() && Character.isWhitespace(text.charAt(second))) {
                second++;
            }
            for (int i = second; i < text.length(); i++) {
                if (Character.isWhitespace(text.charAt(i))) {
                    return null;
                }
            }
            return second == text.length() ? null : new String[] {text.substring(0, gap), text.substring(second)};
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

    private static String format(double ns) {
        return ns == Math.rint(ns) && Math.abs(ns) < 1e15 ? Long.toString((long) ns) : Double.toString(ns);
    }
}
