package dev.nbc.core.progress;

import dev.nbc.core.EnvironmentSetting;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long a round may wait for a peer without any of its operations completing before the
 * collective fails with {@link PeerLostException}: {@code NBC_PEER_TIMEOUT} or
 * {@code -Dnbc.peer.timeout} (which wins), e.g. {@code 60}, {@code 90s}, {@code 500ms},
 * {@code 2min}; {@code 0} or {@code off} never gives up. One message must move within it: a
 * single 1 GiB message over 100 Mbit/s takes 86 s and needs a longer timeout.
 */
final class PeerTimeout {
    /** Long enough for a 3 s link flap, a rank descheduled for seconds, or a late peer; short enough that a lost host ends the job. */
    static final Duration DEFAULT = Duration.ofSeconds(60);
    static final String VARIABLE = "NBC_PEER_TIMEOUT";
    static final String PROPERTY = "nbc.peer.timeout";

    private static final Pattern VALUE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|min)?");

    private PeerTimeout() {
    }

    /** The timeout the environment sets, {@link #DEFAULT} if none; {@link Duration#ZERO} means none. */
    static Duration fromEnvironment() {
        return EnvironmentSetting.read(PROPERTY, VARIABLE, PeerTimeout::parse, DEFAULT);
    }

    static Duration parse(String value) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        if (text.equals("off")) {
            return Duration.ZERO;
        }
        Matcher m = VALUE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(PROPERTY + " / " + VARIABLE
                    + ": must be a duration such as 60, 90s, 500ms or 2min (0 or off: no timeout), but was '" + value + "'");
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double millis = amount * switch (unit) {
            case "ms" -> 1;
            case "min" -> 60_000;
            default -> 1_000;
        };
        if (millis > Duration.ofDays(1).toMillis()) {
            throw new IllegalArgumentException(PROPERTY + " / " + VARIABLE + ": must be at most one day (0 or off: no timeout), but was '"
                    + value + "'");
        }
        return Duration.ofNanos(Math.round(millis * 1e6));
    }

    /** For messages: "60 s", "500 ms". */
    static String describe(long nanos) {
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + " s";
        }
        return nanos >= 1_000_000_000L ? String.format(Locale.ROOT, "%.1f s", nanos / 1e9)
                : String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
    }
}
