package dev.nbc.models.jitter;

import dev.nbc.models.files.InputFiles;
import dev.nbc.models.simulation.DetourTrace;

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

    private NoiseTraceFiles() {
    }

    /**
     * The trace in {@code file}, refused ({@link InputFiles}: one line naming the file, the line and
     * the rule) unless every value is a number of ns from 0 to {@link #MAX_VALUE_NS}, every detour
     * lasts more than 0 ns, the detours follow each other without overlap, and the trace ends
     * before {@link #MAX_END_NS}.
     */
    public static DetourTrace read(Path file, Format format) {
        String kind = format == Format.TUPLES ? "a noise trace (CSV jitter_ns,gap_ns, as 'jitter collect' writes)"
                : "a noise trace (a detour per line: start duration, in ns)";
        List<String> lines = InputFiles.lines(file, kind);
        List<Double> starts = new ArrayList<>();
        List<Double> durations = new ArrayList<>();
        double end = 0;
        double period = Double.NaN;
        for (int number = 1; number <= lines.size(); number++) {
            String text = lines.get(number - 1).trim();
            if (text.isEmpty() || text.startsWith("jitter_ns")) {
                continue;
            }
            if (text.startsWith("#")) {
                String[] words = text.substring(1).trim().split("\\s+");
                if (words.length == 2 && words[0].equals("period")) {
                    period = InputFiles.number(file, number, "the period (ns)", words[1], Double.MIN_VALUE, MAX_END_NS);
                }
                continue;
            }
            String[] fields = text.split(format == Format.TUPLES ? "\\s*,\\s*" : "\\s+");
            if (fields.length != 2) {
                throw InputFiles.refusal(file, number, "expected two numbers ("
                        + (format == Format.TUPLES ? "jitter_ns,gap_ns" : "start duration") + "), got '" + text + "'");
            }
            double first = InputFiles.number(file, number, format == Format.TUPLES ? "jitter_ns" : "start", fields[0], 0, MAX_VALUE_NS);
            double second = InputFiles.number(file, number, format == Format.TUPLES ? "gap_ns" : "duration", fields[1], 0, MAX_VALUE_NS);
            double duration = format == Format.TUPLES ? first : second;
            double start = format == Format.TUPLES ? end : first;
            if (!(duration > 0)) {
                throw InputFiles.refusal(file, number, (format == Format.TUPLES ? "jitter_ns" : "duration")
                        + " must be above 0 (a detour takes time), but was '" + fields[format == Format.TUPLES ? 0 : 1] + "'");
            }
            if (start < end) {
                throw InputFiles.refusal(file, number, "the detour starts at " + fields[0] + " ns, before the previous one ends ("
                        + end + " ns): detours must be sorted and must not overlap");
            }
            end = start + duration + (format == Format.TUPLES ? second : 0);
            if (end > MAX_END_NS) {
                throw InputFiles.refusal(file, number, "the trace reaches " + end + " ns here, beyond the "
                        + MAX_END_NS + " ns (11.6 days) a trace may span");
            }
            starts.add(start);
            durations.add(duration);
        }
        if (starts.isEmpty()) {
            throw InputFiles.refusal(file, "no detours in it (expected " + kind + ")");
        }
        if (format == Format.TUPLES) {
            period = Double.NaN;   // jitSim's trace repeats after its last row's gap
        }
        if (!Double.isNaN(period) && period < starts.get(starts.size() - 1) + durations.get(durations.size() - 1)) {
            throw InputFiles.refusal(file, "# period " + period + " ends before the last detour does");
        }
        double[] a = starts.stream().mapToDouble(Double::doubleValue).toArray();
        double[] b = durations.stream().mapToDouble(Double::doubleValue).toArray();
        return new DetourTrace(a, b, Double.isNaN(period) ? end : period);
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
