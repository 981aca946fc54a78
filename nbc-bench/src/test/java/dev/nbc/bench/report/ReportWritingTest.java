package dev.nbc.bench.report;

import dev.nbc.bench.NbcBench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.nbc.bench.cpu.ProcessCpu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportWritingTest {

    /** A measured row. */
    record Measured(@Column("P") Object processes, @Column("variant") String variant, @Column("collective") String collective,
                    @Column("bytes") int bytes, @Column("cpu_share") double cpuShare, @Column("idle_us_per_op") double idle) {
    }

    /** A row of other columns: the CSV has the columns of every row, empty cells where a row has none. */
    record Other(@Column("P") int processes, @Column("variant") String variant, @Column("collective") String collective,
                 @Column("bytes") int bytes, @Column("cpu_share") double cpuShare, @Column("extra") int extra) {
    }

    private static Results sample() {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("transport", "inprocess");
        run.put("git_commit", "abc");
        Results r = new Results(run);
        r.add("overhead", new Measured(2, "nbc-thread", "bcast", 8, 0.25, 3.5));
        r.add("overhead", new Other(4, "a,\"b\"", "bcast", 8, Double.NaN, 1));
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
    void jsonRoundTripsWithNaNAsNull() throws Exception {
        Results r = sample();
        JsonNode doc = JsonWriter.mapper().readTree(JsonWriter.format(r.run(), r.rows()));
        assertEquals("inprocess", doc.get("run").get("transport").asText());
        assertEquals(2, doc.get("rows").size());
        assertEquals(0.25, doc.get("rows").get(0).get("cpu_share").asDouble());
        assertTrue(doc.get("rows").get(1).get("cpu_share").isNull());
    }

    /** Every entry of {@code dir} (hidden ones included) with its size. */
    private static Map<String, Long> listing(Path dir) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                out.put(p.getFileName().toString(), Files.isDirectory(p) ? -1 : Files.size(p));
            }
        }
        return out;
    }

    @Test
    void reportWritesEveryFileAndLeavesNoTemporaries(@TempDir Path dir) throws Exception {
        List<Path> files = Report.write(sample(), NbcBench.benchmarks(), dir, "t", "the summary");
        assertEquals(dir.resolve("t.csv"), files.get(0));
        assertEquals(dir.resolve("t-summary.txt"), files.get(files.size() - 1));
        assertTrue(files.contains(dir.resolve("t-overhead-cpu-vs-P.png")));
        assertEquals("the summary", Files.readString(dir.resolve("t-summary.txt")));
        assertEquals(files.stream().map(p -> p.getFileName().toString()).sorted().toList(), List.copyOf(listing(dir).keySet()),
                "exactly the report's files: no temporary left");
    }

    @Test
    void aNewRunReplacesAllOfTheOlderRunsFilesOfItsNameAndNothingElse(@TempDir Path dir) throws Exception {
        // an older run "t" that also measured latency, and files that are not run t's
        for (String f : List.of("t-latency-bcast.png", "t-latency-bcast.svg", "t-sync-time.png", "t-notes.txt", "u.csv",
                "u-latency-bcast.png", "t2-overhead-cpu-vs-P.png")) {
            Files.writeString(dir.resolve(f), "older");
        }
        List<Path> files = Report.write(sample(), NbcBench.benchmarks(), dir, "t", "new");
        Map<String, Long> after = listing(dir);
        for (String gone : List.of("t-latency-bcast.png", "t-latency-bcast.svg", "t-sync-time.png")) {
            assertFalse(after.containsKey(gone), gone + " is the older run's and must not mix with the new one");
        }
        for (String kept : List.of("t-notes.txt", "u.csv", "u-latency-bcast.png", "t2-overhead-cpu-vs-P.png")) {
            assertEquals("older", Files.readString(dir.resolve(kept)), kept + " is not run t's");
        }
        assertEquals(files.size() + 4, after.size());
    }

    @Test
    void aFailureWhileWritingLeavesTheOlderRunAsItWas(@TempDir Path dir) throws Exception {
        Report.write(sample(), NbcBench.benchmarks(), dir, "t", "older");
        Map<String, Long> before = listing(dir);
        Results broken = sample();
        broken.add("overhead", new Measured("not a number", "nbc-thread", "bcast", 8, 0.5, 1)); // the plots fail after the CSV and JSON
        assertThrows(ClassCastException.class, () -> Report.write(broken, NbcBench.benchmarks(), dir, "t", "newer"));
        assertEquals(before, listing(dir), "no new file, no temporary directory");
        assertEquals("older", Files.readString(dir.resolve("t-summary.txt")));
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
