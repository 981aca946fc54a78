package dev.nbc.models.files;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The files a user gives a program to read (model files, noise traces, result reports, CSV), and
 * the refusal of a bad one: an {@link IllegalArgumentException} whose message is one line naming
 * the file, where in it (a line, or a field) and the rule, {@code "<file>: line 3: <rule>"}. The
 * programs report it as a user error (exit code 2), so every reader of a file kind refuses in the
 * same words and nothing of a bad file reaches a simulation.
 */
public final class InputFiles {
    /** Larger input files are refused before they are read: every file kind here is a few MB at most. */
    public static final long MAX_BYTES = 256L << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private InputFiles() {
    }

    /**
     * The text of {@code file}, refused when it is missing, not a regular file, larger than
     * {@link #MAX_BYTES}, empty, or not text (a byte that is not UTF-8, or a control character
     * other than tab and line ends: binary content).
     *
     * @param kind what the file should be, for the messages ("a model file written by 'model measure'")
     */
    public static String text(Path file, String kind) {
        if (!Files.exists(file)) {
            throw refusal(file, "does not exist (expected " + kind + ")");
        }
        if (!Files.isRegularFile(file)) {
            throw refusal(file, "is not a regular file (expected " + kind + ")");
        }
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw refusal(file, "is " + size + " bytes, more than the " + MAX_BYTES + " bytes of any " + kind);
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw refusal(file, "cannot be read: " + e.getMessage());
        }
        if (bytes.length == 0) {
            throw refusal(file, "is empty (expected " + kind + ")");
        }
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = utf8.decode(in, out, true);
        int textEnd = result.isError() ? in.position() : bytes.length;
        for (int i = 0; i < textEnd; i++) {
            int b = bytes[i] & 0xff;
            if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7f) {
                throw binary(file, bytes, i, kind);
            }
        }
        if (result.isError()) {
            throw binary(file, bytes, textEnd, kind);
        }
        return out.flip().toString();
    }

    /**
     * The JSON object in {@code file} ({@link #text}'s rules), refused when it is not JSON (naming
     * the line and column where the parser stopped: a truncated file, a stray character) or not an
     * object ({@code null}, an array, nothing but white space).
     */
    public static JsonNode jsonObject(Path file, String kind) {
        JsonNode tree;
        try {
            tree = JSON.readTree(text(file, kind));
        } catch (JsonProcessingException e) {
            // Jackson's own pointer to where an unclosed object began says nothing the line and column do not
            String problem = e.getOriginalMessage().replaceAll("\\s*\\(start marker at \\[Source:.*$", "");
            throw refusal(file, where(e) + "not JSON (" + problem + "), expected " + kind);
        }
        if (tree == null || !tree.isObject()) {
            throw refusal(file, "holds " + (tree == null || tree.isMissingNode() ? "no JSON value"
                    : tree.getNodeType().toString().toLowerCase(Locale.ROOT)) + ", expected a JSON object, " + kind);
        }
        return tree;
    }

    /** {@code "<file>: line 3, column 7 (loggp.latency): <what Jackson found>"}: a value that does not fit its type. */
    public static IllegalArgumentException refusal(Path file, JsonProcessingException e) {
        return refusal(file, where(e) + e.getOriginalMessage());
    }

    /** The lines of {@code file} ({@link #text}'s rules); line {@code n} is element {@code n - 1}. */
    public static List<String> lines(Path file, String kind) {
        return text(file, kind).lines().toList();
    }

    /** One line of a file read by {@link #eachLine}. */
    @FunctionalInterface
    public interface LineVisitor {
        /** Line {@code number} (from 1), without its line end. */
        void line(int number, String text);
    }

    /**
     * The lines of {@code file} by {@link #text}'s rules, one at a time and in order, without
     * holding the file in memory: for files of millions of lines (a noise trace of an hour), whose
     * text and lines as strings would take ten times the file's size. The refusals are
     * {@link #text}'s, word for word, with {@code maxBytes} for {@link #MAX_BYTES}; a refusal may
     * come after some lines were visited.
     */
    public static void eachLine(Path file, String kind, long maxBytes, LineVisitor visitor) {
        if (!Files.exists(file)) {
            throw refusal(file, "does not exist (expected " + kind + ")");
        }
        if (!Files.isRegularFile(file)) {
            throw refusal(file, "is not a regular file (expected " + kind + ")");
        }
        try (InputStream in = Files.newInputStream(file)) {
            long size = Files.size(file);
            if (size > maxBytes) {
                throw refusal(file, "is " + size + " bytes, more than the " + maxBytes + " bytes of any " + kind);
            }
            if (size == 0) {
                throw refusal(file, "is empty (expected " + kind + ")");
            }
            new LineSplitter(file, kind, visitor).read(in);
        } catch (IOException e) {
            throw refusal(file, "cannot be read: " + e.getMessage());
        }
    }

    /** {@link #eachLine}'s state: bytes to UTF-8 text to lines, counting lines and bytes for the refusals. */
    private static final class LineSplitter {
        private final Path file;
        private final String kind;
        private final LineVisitor visitor;
        private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        private final StringBuilder line = new StringBuilder();
        /** Lines begun so far (the current one included), for the refusals; and lines visited. */
        private int lineOfByte = 1;
        private int visited;
        private long offset;

        LineSplitter(Path file, String kind, LineVisitor visitor) {
            this.file = file;
            this.kind = kind;
            this.visitor = visitor;
        }

        void read(InputStream in) throws IOException {
            ByteBuffer bytes = ByteBuffer.allocate(1 << 16);
            CharBuffer chars = CharBuffer.allocate(1 << 16);
            while (true) {
                int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
                boolean end = n < 0;
                if (!end) {
                    bytes.position(bytes.position() + n);
                }
                bytes.flip();
                // UTF-8 never makes more chars than bytes: chars has room for all; what is left in bytes is
                // a sequence the next read completes, or the malformed byte (a cut-off one at the end too)
                CoderResult result = utf8.decode(bytes, chars, end);
                int consumed = bytes.position();
                check(bytes.array(), consumed);
                if (result.isError()) {
                    throw binary(bytes.array()[consumed] & 0xff);
                }
                split(chars.flip());
                chars.clear();
                bytes.compact();
                if (end) {
                    if (line.length() > 0) {
                        visitor.line(++visited, line.toString());
                    }
                    return;
                }
            }
        }

        /** Refuses the first of the {@code count} bytes that is a control character other than tab and line ends. */
        private void check(byte[] array, int count) {
            for (int i = 0; i < count; i++) {
                int b = array[i] & 0xff;
                if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7f) {
                    offset += i;
                    throw binary(b);
                }
                if (b == '\n') {
                    lineOfByte++;
                }
            }
            offset += count;
        }

        private IllegalArgumentException binary(int b) {
            return binaryContent(file, lineOfByte, b, offset, kind);
        }

        private void split(CharBuffer chars) {
            while (chars.hasRemaining()) {
                char c = chars.get();
                if (c == '\n') {
                    int length = line.length();
                    visitor.line(++visited, line.substring(0, length > 0 && line.charAt(length - 1) == '\r' ? length - 1 : length));
                    line.setLength(0);
                } else {
                    line.append(c);
                }
            }
        }
    }

    /**
     * The number on line {@code line} of {@code file}, refused unless it is a finite number from
     * {@code min} to {@code max}.
     *
     * @param what the number's name and unit, e.g. "jitter_ns"
     */
    public static double number(Path file, int line, String what, String text, double min, double max) {
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw refusal(file, line, what + " must be a number, but was '" + text + "'");
        }
        if (!(value >= min && value <= max)) {
            throw refusal(file, line, what + " must be " + range(min, max) + ", but was '" + text + "'");
        }
        return value;
    }

    /** "a finite number from 0 to 1e+12": how the messages name an allowed range. */
    public static String range(double min, double max) {
        return "a finite number from " + plain(min) + " to " + plain(max);
    }

    /** {@code "<file>: line <line>: <rule>"}. */
    public static IllegalArgumentException refusal(Path file, int line, String rule) {
        return refusal(file, "line " + line + ": " + rule);
    }

    /** {@code "<file>: <rule>"}, on one line whatever {@code rule} holds. */
    public static IllegalArgumentException refusal(Path file, String rule) {
        return new IllegalArgumentException((file + ": " + rule).replaceAll("\\s*\\R\\s*", "; "));
    }

    /** "line 3, column 7 (loggp.latency): ", where Jackson found the problem, as far as it knows. */
    private static String where(JsonProcessingException e) {
        StringBuilder at = new StringBuilder();
        if (e.getLocation() != null && e.getLocation().getLineNr() > 0) {
            at.append("line ").append(e.getLocation().getLineNr()).append(", column ").append(e.getLocation().getColumnNr());
        }
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            StringBuilder path = new StringBuilder();
            for (JsonMappingException.Reference r : mapping.getPath()) {
                if (r.getFieldName() != null) {
                    path.append(path.length() == 0 ? "" : ".").append(r.getFieldName());
                } else {
                    path.append('[').append(r.getIndex()).append(']');
                }
            }
            at.append(at.length() == 0 ? "" : " ").append(at.length() == 0 ? path : "(" + path + ")");
        }
        return at.length() == 0 ? "" : at + ": ";
    }

    private static IllegalArgumentException binary(Path file, byte[] bytes, int position, String kind) {
        int line = 1;
        for (int i = 0; i < position; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return binaryContent(file, line, bytes[position] & 0xff, position, kind);
    }

    private static IllegalArgumentException binaryContent(Path file, int line, int b, long offset, String kind) {
        return refusal(file, line, String.format(Locale.ROOT, "binary content (byte 0x%02x at offset %d is not text), expected %s",
                b, offset, kind));
    }

    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e6 ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.0e", v).replace("e+0", "e").replace("e+", "e");
    }
}
