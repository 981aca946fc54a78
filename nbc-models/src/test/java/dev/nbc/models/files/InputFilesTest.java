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

    private static String refusal(Path file) {
        return assertThrows(IllegalArgumentException.class, () -> InputFiles.text(file, KIND)).getMessage();
    }
}
