package dev.nbc.models.jitter;

import dev.nbc.models.simulation.DetourTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NoiseTraceFilesTest {
    @TempDir
    Path dir;

    private static final DetourTrace TRACE = JitterTuples.toTrace(new double[] {10, 5, 25}, new double[] {50, 30, 20});

    @Test
    void bothFormatsReadBackWhatWasWritten() {
        for (NoiseTraceFiles.Format format : NoiseTraceFiles.Format.values()) {
            Path file = dir.resolve("trace-" + format + (format == NoiseTraceFiles.Format.TUPLES ? ".csv" : ".txt"));
            NoiseTraceFiles.write(TRACE, file, format);
            assertEquals(format, NoiseTraceFiles.Format.of(file));
            DetourTrace back = NoiseTraceFiles.read(file, format);
            assertEquals(TRACE.detours(), back.detours(), format.toString());
            assertEquals(TRACE.period(), back.period(), 1e-9, format.toString());
            for (int i = 0; i < TRACE.detours(); i++) {
                assertEquals(TRACE.start(i), back.start(i), 1e-9);
                assertEquals(TRACE.duration(i), back.duration(i), 1e-9);
            }
        }
    }

    @Test
    void aLogGopSimFileIsStartAndDurationPerLine() throws IOException {
        Path file = dir.resolve("noise.txt");
        Files.writeString(file, "# a comment\n0 10\n60 5\n95 25\n");
        DetourTrace t = NoiseTraceFiles.read(file, NoiseTraceFiles.Format.LOGGOPSIM);
        assertEquals(120, t.period(), 1e-9);   // the last detour's end
        assertEquals(60, t.start(1), 1e-9);
        Files.writeString(file, "0 10\n60 x\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NoiseTraceFiles.read(file, NoiseTraceFiles.Format.LOGGOPSIM));
        assertTrue(e.getMessage().endsWith("noise.txt: line 2: duration must be a number, but was 'x'"), e.getMessage());
    }

    @Test
    void tracesOfSeveralCoresFollowEachOther() {
        DetourTrace both = NoiseTraceFiles.concatenate(List.of(TRACE, TRACE));
        assertEquals(2 * TRACE.period(), both.period(), 1e-9);
        assertEquals(TRACE.period() + TRACE.start(2), both.start(5), 1e-9);
    }

    @Test
    void fixedWorkAndFixedTimeViewsOfAPeriodicDetour() {
        DetourTrace periodic = JitterTuples.toTrace(new double[] {10}, new double[] {90});   // 10 of every 100 stolen
        // quanta of 90 of work starting at 0: the detour at 0 first, then 90 of work: every quantum takes 100
        assertArrayEquals(new double[] {100, 100, 100}, NoiseViews.fixedWork(periodic, 90, 3), 1e-9);
        // quanta of 50 of time: the first holds the detour (40 free), the second none
        assertArrayEquals(new double[] {0.8, 1.0, 0.8, 1.0}, NoiseViews.fixedTime(periodic, 50, 4), 1e-9);
    }

    @Test
    void aBadTraceIsRefusedNamingTheFileTheLineAndTheRule() throws IOException {
        StringBuilder longTrace = new StringBuilder("jitter_ns,gap_ns\n");
        for (int i = 2; i < 102; i++) {
            longTrace.append("10,90\n");
        }
        longTrace.append("10,9300000000000000000\n");   // line 102: above 2^63
        assertRefused("huge.csv", longTrace.toString(), "huge.csv: line 102: gap_ns must be a finite number from 0 to 1e12, but was '9300000000000000000'");
        assertRefused("nan.csv", "10,NaN\n", "nan.csv: line 1: gap_ns must be a finite number from 0 to 1e12, but was 'NaN'");
        assertRefused("negative.csv", "10,5\n-1,5\n", "negative.csv: line 2: jitter_ns must be a finite number from 0 to 1e12, but was '-1'");
        assertRefused("zero.csv", "0,5\n", "zero.csv: line 1: jitter_ns must be above 0 (a detour takes time), but was '0'");
        assertRefused("overlap.txt", "0 10\n5 10\n", "overlap.txt: line 2: the detour starts at 5 ns, before the previous one ends (10.0 ns)");
        assertRefused("empty.csv", "", "empty.csv: is empty");
        assertRefused("comments.csv", "jitter_ns,gap_ns\n# nothing\n", "comments.csv: no detours in it");
        assertRefused("three.csv", "1,2,3\n", "three.csv: line 1: expected two numbers (jitter_ns,gap_ns), got '1,2,3'");
        Path binary = dir.resolve("binary.csv");
        Files.write(binary, new byte[] {'1', '0', ',', '5', '\n', (byte) 0x89, 'P', 'N', 'G', 0, 0});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NoiseTraceFiles.read(binary, NoiseTraceFiles.Format.TUPLES));
        assertTrue(e.getMessage().startsWith(binary + ": line 2: binary content (byte 0x89 at offset 5 is not text)"), e.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> NoiseTraceFiles.read(dir.resolve("missing.csv"), NoiseTraceFiles.Format.TUPLES));
        assertTrue(missing.getMessage().startsWith(dir.resolve("missing.csv") + ": does not exist"), missing.getMessage());
    }

    private void assertRefused(String name, String content, String expectedStart) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NoiseTraceFiles.read(file, NoiseTraceFiles.Format.of(file)));
        assertTrue(e.getMessage().startsWith(dir.resolve(expectedStart).toString()), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
}
