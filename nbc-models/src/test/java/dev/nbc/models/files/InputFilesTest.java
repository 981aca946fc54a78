package dev.nbc.models.files;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class InputFilesTest {
    private static final String KIND = "a test file";

    @TempDir
    Path dir;

    @Test
    void textWithTabsAndLineEndsOfEitherKindIsRead() throws IOException {
        Path file = dir.resolve("ok.txt");
        Files.writeString(file, "a\tb\r\nµs\n", StandardCharsets.UTF_8);
        assertEquals(List.of("a\tb", "µs"), InputFiles.lines(file, KIND));
    }

    @Test
    void theFirstByteThatIsNotTextIsNamedWithItsLine() throws IOException {
        Path elf = dir.resolve("elf");
        Files.write(elf, new byte[] {0x7f, 'E', 'L', 'F', (byte) 0xd0});
        assertEquals(elf + ": line 1: binary content (byte 0x7f at offset 0 is not text), expected a test file", refusal(elf));
        Path latin1 = dir.resolve("latin1");
        Files.write(latin1, new byte[] {'a', '\n', 'b', '\n', 'c', (byte) 0xb5, 's'});
        assertEquals(latin1 + ": line 3: binary content (byte 0xb5 at offset 5 is not text), expected a test file", refusal(latin1));
    }

    @Test
    void missingEmptyAndDirectoriesAreRefused() throws IOException {
        assertEquals(dir.resolve("none") + ": does not exist (expected a test file)", refusal(dir.resolve("none")));
        assertEquals(dir + ": is not a regular file (expected a test file)", refusal(dir));
        Path empty = Files.createFile(dir.resolve("empty"));
        assertEquals(empty + ": is empty (expected a test file)", refusal(empty));
    }

    @Test
    void aNumberOutOfItsRangeNamesTheLineAndTheRange() {
        Path file = dir.resolve("f.csv");
        assertEquals(7.5, InputFiles.number(file, 2, "x", "7.5", 0, 1e12));
        assertEquals(file + ": line 4: x must be a finite number from 0 to 1e12, but was '1e13'",
                assertThrows(IllegalArgumentException.class, () -> InputFiles.number(file, 4, "x", "1e13", 0, 1e12)).getMessage());
        assertEquals(file + ": line 4: x must be a finite number from -1e9 to 1e9, but was 'Infinity'",
                assertThrows(IllegalArgumentException.class, () -> InputFiles.number(file, 4, "x", "Infinity", -1e9, 1e9)).getMessage());
        assertEquals(file + ": line 1: x must be a number, but was 'ten'",
                assertThrows(IllegalArgumentException.class, () -> InputFiles.number(file, 1, "x", "ten", 0, 1)).getMessage());
    }

    @Test
    void aRuleOfSeveralLinesBecomesOne() {
        assertEquals("f: a; b", InputFiles.refusal(Path.of("f"), "a\n  b").getMessage());
    }

    /**
     * Line by line, the same lines and the same refusals as the whole text, also where a character
     * of two bytes straddles the 64 KB the reader reads at a time and where the bad byte lies beyond it.
     */
    @Test
    void eachLineReadsAndRefusesAsTheWholeText() throws IOException {
        StringBuilder big = new StringBuilder();
        while (big.length() < 65_535) {
            big.append("x");
        }
        big.append("µs\r\nlast line without an end");   // µ's two bytes at offsets 65,535 and 65,536
        String[] contents = {"a\tb\r\nµs\n", "one\n\nthree", big.toString(), "a\nb\n\u0001c\n", "ok\n" + big + "\u0007\n"};
        for (int c = 0; c < contents.length; c++) {
            Path file = dir.resolve("text" + c);
            Files.writeString(file, contents[c], StandardCharsets.UTF_8);
            assertSameAsText(file);
        }
        Path latin1 = dir.resolve("latin1");
        Files.write(latin1, (big + "\nµ\n").getBytes(StandardCharsets.ISO_8859_1));
        assertSameAsText(latin1);
        Path cut = dir.resolve("cut");
        byte[] mu = "µ".getBytes(StandardCharsets.UTF_8);
        Files.write(cut, new byte[] {'a', '\n', mu[0]});
        assertSameAsText(cut);
        assertEquals(dir.resolve("none") + ": does not exist (expected a test file)",
                assertThrows(IllegalArgumentException.class, () -> InputFiles.eachLine(dir.resolve("none"), KIND, 100, (n, t) -> { }))
                        .getMessage());
        Path ten = dir.resolve("ten");
        Files.writeString(ten, "123456789\n");
        assertEquals(ten + ": is 10 bytes, more than the 9 bytes of any a test file",
                assertThrows(IllegalArgumentException.class, () -> InputFiles.eachLine(ten, KIND, 9, (n, t) -> { })).getMessage());
    }

    private static void assertSameAsText(Path file) {
        List<String> lines = new java.util.ArrayList<>();
        String streamed = null;
        try {
            InputFiles.eachLine(file, KIND, InputFiles.MAX_BYTES, (number, text) -> {
                assertEquals(lines.size() + 1, number);
                lines.add(text);
            });
        } catch (IllegalArgumentException e) {
            streamed = e.getMessage();
        }
        String whole = null;
        List<String> expected = null;
        try {
            expected = InputFiles.lines(file, KIND);
        } catch (IllegalArgumentException e) {
            whole = e.getMessage();
        }
        assertEquals(whole, streamed, file.toString());
        if (whole == null) {
            assertEquals(expected, lines, file.toString());
        }
    }

    private static String refusal(Path file) {
        return assertThrows(IllegalArgumentException.class, () -> InputFiles.text(file, KIND)).getMessage();
    }
}
