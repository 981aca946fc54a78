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
        assertTrue(e.getMessage().endsWith("noise.txt:2: 'x' is not a number of ns"), e.getMessage());
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
}
