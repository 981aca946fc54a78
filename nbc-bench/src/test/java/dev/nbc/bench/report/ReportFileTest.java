package dev.nbc.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** ReportFile.rows: a run's JSON report read back, a bad one refused in one line naming the file, the place and the rule. */
class ReportFileTest {
    @TempDir
    Path dir;

    @Test
    void aReportsRowsAreReadBack() throws IOException {
        Path file = Files.writeString(dir.resolve("run.json"),
                "{\"run\": {}, \"rows\": [{\"benchmark\": \"overlap\", \"t_us\": 12.5, \"t_us_ci_low\": 12, \"t_us_ci_runs\": 5}]}");
        assertEquals(1, ReportFile.rows(file).size());
    }

    @Test
    void aBadReportIsRefusedInOneLine() throws IOException {
        assertRefused("null.json", "null", "holds null, expected a JSON object, an nbc-bench JSON report (<name>.json, with \"rows\")");
        assertRefused("braces.json", "{}", "rows: missing (expected an nbc-bench JSON report (<name>.json, with \"rows\"))");
        assertRefused("truncated.json", "{\"rows\": [{\"t_us\": 1", "line 1, column 21: not JSON (Unexpected end-of-input: expected close "
                + "marker for Object), expected an nbc-bench JSON report (<name>.json, with \"rows\")");
        assertRefused("scalar-row.json", "{\"rows\": [{}, 3]}", "rows[1]: must be an object (a row of columns), but was 3");
        assertRefused("huge.json", "{\"rows\": [{\"t_us\": 1e308}]}", "rows[0].t_us: must be a finite number from -1e15 to 1e15, but was 1.0E308");
        assertRefused("runs.json", "{\"rows\": [{\"t_us_ci_runs\": 2.5}]}", "rows[0].t_us_ci_runs: must be a count of runs (a whole number from 0), but was 2.5");
        Path binary = Files.write(dir.resolve("binary.json"), new byte[] {'{', 0, 0});
        assertEquals(binary + ": line 1: binary content (byte 0x00 at offset 1 is not text), expected an nbc-bench JSON report "
                + "(<name>.json, with \"rows\")", assertThrows(IllegalArgumentException.class, () -> ReportFile.rows(binary)).getMessage());
    }

    private void assertRefused(String name, String content, String rule) throws IOException {
        Path file = Files.writeString(dir.resolve(name), content);
        String message = assertThrows(IllegalArgumentException.class, () -> ReportFile.rows(file)).getMessage();
        assertEquals(file + ": " + rule, message);
    }
}
