package dev.nbc.core;

import java.util.Locale;

/**
 * A number of bytes as people write it: digits, optionally followed by k, m or g (any case), which
 * multiply by 2^10, 2^20 and 2^30 ({@code 64k} is 65536 B, {@code 1m} 1048576 B). One reading for
 * the library's settings (NBC_SCRATCH_BYTES) and the tools' size options.
 */
public final class ByteSize {
    private ByteSize() {
    }

    /**
     * The bytes {@code text} names; surrounding blanks are ignored.
     *
     * @throws IllegalArgumentException if it is not a number of bytes >= 0 with an optional k, m or g,
     *         or the result does not fit a long
     */
    public static long parse(String text) {
        String value = text.trim().toLowerCase(Locale.ROOT);
        int shift = switch (value.isEmpty() ? ' ' : value.charAt(value.length() - 1)) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            default -> 0;
        };
        String digits = shift == 0 ? value : value.substring(0, value.length() - 1);
        try {
            long bytes = Long.parseLong(digits);
            if (bytes >= 0 && bytes <= Long.MAX_VALUE >> shift) {
                return bytes << shift;
            }
        } catch (NumberFormatException notANumber) {
            // reported below, with the rule
        }
        throw new IllegalArgumentException("must be a number of bytes >= 0, optionally followed by k, m or g, but was '"
                + text + "'");
    }
}
