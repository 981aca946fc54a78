package dev.nbc.harness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ResultFilesTest {

    /** Every entry below {@code dir} (hidden ones included) with its content, "<dir>" for directories. */
    private static Map<String, String> listing(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(p -> !p.equals(dir)).toList()) {
                out.put(dir.relativize(p).toString(), Files.isDirectory(p) ? "<dir>" : Files.readString(p));
            }
        }
        return out;
    }

    private static boolean isRunFile(String name) {
        return name.equals("run.csv") || name.startsWith("run-plot-");
    }

    private static void writeRun(Path dir, String content, String... plots) throws IOException {
        try (ResultFiles files = new ResultFiles()) {
            files.writeString(dir.resolve("run.csv"), content);
            for (String plot : plots) {
                files.writeString(dir.resolve("run-plot-" + plot + ".png"), content);
            }
            files.replacing(dir, ResultFilesTest::isRunFile);
            files.commit();
        }
    }

    @Test
    void aNewRunReplacesTheOlderRunsFilesAndOnlyThose(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("other.csv"), "another run");
        writeRun(dir, "old", "a", "b");
        writeRun(dir, "new", "a");
        assertEquals(Map.of("other.csv", "another run", "run.csv", "new", "run-plot-a.png", "new"), listing(dir),
                "the older run's plot b is gone, the other run's file kept, no temporary left");
    }

    @Test
    void aFailedWriteLeavesTheOlderRunAsItWasAndNoTemporary(@TempDir Path dir) throws IOException {
        writeRun(dir, "old", "a", "b");
        Map<String, String> before = listing(dir);
        assertThrows(IOException.class, () -> {
            try (ResultFiles files = new ResultFiles()) {
                files.writeString(dir.resolve("run.csv"), "new");
                files.write(dir.resolve("run-plot-a.png"), out -> {
                    out.write("half a plo".getBytes());
                    throw new IOException("disk full");
                });
                files.replacing(dir, ResultFilesTest::isRunFile);
                files.commit();
            }
        });
        assertEquals(before, listing(dir));
    }

    @Test
    void aTargetThatIsADirectoryFailsTheCommitBeforeAnythingIsReplaced(@TempDir Path dir) throws IOException {
        writeRun(dir, "old", "a");
        Files.createDirectory(dir.resolve("run-plot-b.png"));
        Map<String, String> before = listing(dir);
        IOException refused = assertThrows(IOException.class, () -> writeRun(dir, "new", "a", "b"));
        assertEquals("cannot write " + dir.resolve("run-plot-b.png") + ": it is a directory; nothing was replaced", refused.getMessage());
        assertEquals(before, listing(dir));
    }

    @Test
    void filesInSeveralDirectoriesAndARuntimeFailure(@TempDir Path dir) throws IOException {
        assertThrows(IllegalStateException.class, () -> {
            try (ResultFiles files = new ResultFiles()) {
                files.writeString(dir.resolve("a/x.csv"), "x");
                files.write(dir.resolve("b/y.png"), out -> {
                    throw new IllegalStateException("plotting failed");
                });
            }
        });
        assertEquals(Map.of("a", "<dir>", "b", "<dir>"), listing(dir), "no file, no temporary directory");

        try (ResultFiles files = new ResultFiles()) {
            files.writeString(dir.resolve("a/x.csv"), "x");
            files.writeString(dir.resolve("b/y.png"), "y");
            assertEquals(List.of(dir.resolve("a/x.csv"), dir.resolve("b/y.png")), files.commit());
        }
        assertEquals(Map.of("a", "<dir>", "b", "<dir>", "a/x.csv", "x", "b/y.png", "y"), listing(dir));
    }

    @Test
    void temporariesOfAKilledProcessAreDeletedByTheNextRun(@TempDir Path dir) throws IOException {
        // pids stop far below 2^31 (Linux: pid_max <= 2^22), so this process cannot be running
        Path leftover = Files.createDirectories(dir.resolve(".nbc-run-2147483646-123"));
        Files.writeString(leftover.resolve("run.csv"), "0 bytes of a killed run");
        writeRun(dir, "new");
        assertEquals(Map.of("run.csv", "new"), listing(dir));
    }

    @Test
    void aFailedWriteNamesThePathAndTheCause(@TempDir Path dir) throws IOException {
        ResultFiles.NotWritten full = assertThrows(ResultFiles.NotWritten.class, () -> {
            try (ResultFiles files = new ResultFiles()) {
                files.write(dir.resolve("run.csv"), out -> {
                    throw new IOException("No space left on device");
                });
            }
        });
        assertEquals("cannot write " + dir.resolve("run.csv") + ": No space left on device; no file of this run was put into place, "
                + "the files there are as they were", full.getMessage());

        // an SVG writer's way: the disk's IOException inside a SAXException, all of it in the message of another
        ResultFiles.NotWritten wrapped = assertThrows(ResultFiles.NotWritten.class, () -> {
            try (ResultFiles files = new ResultFiles()) {
                files.write(dir.resolve("plot.svg"), out -> {
                    throw new IOException("org.xml.sax.SAXException: java.io.IOException: No space left on device\n"
                            + "java.io.IOException: No space left on device");
                });
            }
        });
        assertEquals("cannot write " + dir.resolve("plot.svg") + ": No space left on device; no file of this run was put into place, "
                + "the files there are as they were", wrapped.getMessage());

        // a directory that cannot be made: its parent is a file (what a path that cannot be written looks like without root)
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        ResultFiles.NotWritten blocked = assertThrows(ResultFiles.NotWritten.class, () -> writeRun(file.resolve("results"), "new"));
        assertEquals("cannot write " + file.resolve("results/run.csv") + ": Not a directory; no file of this run was put "
                + "into place, the files there are as they were", blocked.getMessage());
        assertEquals(Map.of("a-file", "x"), listing(dir), "no temporary left");
    }
}
