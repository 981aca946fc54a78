package dev.nbc.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nbc.bench.cpu.ProcessCpu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportWritingTest {

    private static Results sample() {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("transport", "inprocess");
        run.put("git_commit", "abc");
        Results r = new Results(run);
        Map<String, Object> a = r.row("overhead");
        a.put("P", 2);
        a.put("variant", "nbc-thread");
        a.put("collective", "bcast");
        a.put("bytes", 8);
        a.put("cpu_share", 0.25);
        a.put("idle_us_per_op", 3.5);
        Map<String, Object> b = r.row("overhead");
        b.put("P", 4);
        b.put("variant", "a,\"b\"");
        b.put("collective", "bcast");
        b.put("bytes", 8);
        b.put("cpu_share", Double.NaN);
        b.put("extra", 1);
        return r;
    }

    @Test
    void csvHasEveryColumnAndEscapes() {
        String csv = CsvWriter.format(sample().rows());
        String[] lines = csv.split("\n");
        assertEquals("benchmark,transport,git_commit,P,variant,collective,bytes,cpu_share,idle_us_per_op,extra", lines[0]);
        assertEquals("overhead,inprocess,abc,2,nbc-thread,bcast,8,0.25,3.5,", lines[1]);
        assertEquals("overhead,inprocess,abc,4,\"a,\"\"b\"\"\",bcast,8,,,1", lines[2]);
    }

    @Test
    void jsonRoundTripsWithNaNAsNull(@TempDir Path dir) throws Exception {
        Results r = sample();
        Path f = dir.resolve("x.json");
        JsonWriter.write(f, r.run(), r.rows());
        JsonNode doc = JsonWriter.mapper().readTree(f.toFile());
        assertEquals("inprocess", doc.get("run").get("transport").asText());
        assertEquals(2, doc.get("rows").size());
        assertEquals(0.25, doc.get("rows").get(0).get("cpu_share").asDouble());
        assertTrue(doc.get("rows").get(1).get("cpu_share").isNull());
    }

    @Test
    void reportWritesFilesAtomicallyAndLeavesNoTemporaries(@TempDir Path dir) throws Exception {
        List<Path> files = Report.write(sample(), dir, "t");
        assertTrue(files.contains(dir.resolve("t.csv")));
        assertTrue(files.contains(dir.resolve("t-summary.txt")));
        assertTrue(Files.exists(dir.resolve("t-overhead-cpu-vs-P.png")));
        try (var s = Files.list(dir)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".")), "no temporary files left");
        }
        AtomicFiles.writeString(dir.resolve("t.csv"), "replaced");
        assertEquals("replaced", Files.readString(dir.resolve("t.csv")));
    }

    @Test
    void procStatParsing() {
        String stat = "1234 (java (x) y) S 1 1234 1234 0 -1 4194560 100 0 0 0 250 37 0 0 20 0 30 0 100";
        assertArrayEquals(new long[] {2_500_000_000L, 370_000_000L}, ProcessCpu.parseStat(stat, 100));
        if (ProcessCpu.available()) {
            assertTrue(ProcessCpu.userSystemNanos()[0] >= 0);
        }
    }
}
