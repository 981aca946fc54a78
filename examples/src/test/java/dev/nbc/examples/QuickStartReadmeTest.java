package dev.nbc.examples;

import dev.nbc.core.testing.mpi.MpiJob;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The README's Java sample ("Using the library") is examples/quickstart's QuickStart, verbatim up to
 * indentation, so that what the README shows is what scripts/test compiles and runs on 2 ranks
 * (scripts/check/quickstart); and the README keeps to its size: at most 120 lines of at most 120 characters.
 */
class QuickStartReadmeTest {
    private static final Path ROOT = MpiJob.repositoryRoot();
    private static final Path README = ROOT.resolve("README.md");
    private static final Path QUICK_START = ROOT.resolve("examples/quickstart/src/main/java/example/QuickStart.java");
    private static final int MAX_LINES = 120;
    private static final int MAX_WIDTH = 120;

    @Test
    void theReadmesJavaSampleIsQuickStartsCoreVerbatim() throws IOException {
        List<String> sample = stripped(javaBlock(Files.readAllLines(README, StandardCharsets.UTF_8)));
        List<String> program = stripped(Files.readAllLines(QUICK_START, StandardCharsets.UTF_8));
        assertFalse(sample.isEmpty(), "README.md's ```java block is empty");
        int at = indexOf(program, sample);
        if (at < 0) {
            fail("README.md's ```java block is not a run of lines of " + ROOT.relativize(QUICK_START)
                    + " (up to indentation); change both together. The first README line that breaks the run:\n  "
                    + sample.get(longestPrefix(program, sample)));
        }
    }

    @Test
    void theReadmeKeepsToItsSize() throws IOException {
        List<String> lines = Files.readAllLines(README, StandardCharsets.UTF_8);
        assertTrue(lines.size() <= MAX_LINES, "README.md has " + lines.size() + " lines, at most " + MAX_LINES + " wanted");
        for (int i = 0; i < lines.size(); i++) {
            int width = lines.get(i).codePointCount(0, lines.get(i).length());
            assertTrue(width <= MAX_WIDTH, "README.md line " + (i + 1) + " has " + width + " characters, at most "
                    + MAX_WIDTH + " wanted: " + lines.get(i));
        }
    }

    @Test
    void theComparisonIgnoresIndentationOnly() {
        List<String> program = stripped(List.of("class A {", "    void f() {", "        int x = 1;", "        g(x);",
                "    }", "}"));
        assertEquals(2, indexOf(program, stripped(List.of("int x = 1;", "g(x);"))));
        assertEquals(-1, indexOf(program, stripped(List.of("int x = 1;", "g(y);"))));
        assertEquals(-1, indexOf(program, stripped(List.of("int x = 1;", "}"))));
    }

    /** The lines of the first {@code ```java} block. */
    private static List<String> javaBlock(List<String> readme) {
        int start = readme.indexOf("```java");
        assertTrue(start >= 0, "README.md has no ```java block");
        for (int end = start + 1; end < readme.size(); end++) {
            if (readme.get(end).equals("```")) {
                return readme.subList(start + 1, end);
            }
        }
        return fail("README.md's ```java block is not closed");
    }

    private static List<String> stripped(List<String> lines) {
        List<String> result = new ArrayList<>(lines.size());
        for (String line : lines) {
            result.add(line.strip());
        }
        return result;
    }

    /** Where {@code run} starts as consecutive lines of {@code lines}, or -1. */
    private static int indexOf(List<String> lines, List<String> run) {
        for (int i = 0; i + run.size() <= lines.size(); i++) {
            if (lines.subList(i, i + run.size()).equals(run)) {
                return i;
            }
        }
        return -1;
    }

    /** The number of leading lines of {@code run} that appear consecutively somewhere in {@code lines}, at most. */
    private static int longestPrefix(List<String> lines, List<String> run) {
        int best = 0;
        for (int i = 0; i < lines.size(); i++) {
            int k = 0;
            while (k < run.size() && i + k < lines.size() && lines.get(i + k).equals(run.get(k))) {
                k++;
            }
            best = Math.max(best, k);
        }
        return Math.min(best, run.size() - 1);
    }
}
