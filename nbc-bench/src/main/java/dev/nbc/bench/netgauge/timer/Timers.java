package dev.nbc.bench.netgauge.timer;

import dev.nbc.core.transport.Transport;

import java.time.Instant;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The timers available to Java. Netgauge's finest is the CPU's cycle counter (RDTSC); Java has no
 * such call, and System.nanoTime is already the kernel's monotonic clock read through the vDSO
 * (itself the TSC scaled to nanoseconds on this machine), so it is the default and the finest. The
 * others are printed beside it so that the choice is seen, not assumed:
 * <ul>
 * <li>{@code nanotime}: System.nanoTime, CLOCK_MONOTONIC;</li>
 * <li>{@code instant}: Instant.now(), CLOCK_REALTIME with microsecond steps in Java 17;</li>
 * <li>{@code transport}: the transport's clock, which an emulated network on virtual time keeps per
 *     rank (the only correct timer there); System.nanoTime otherwise.</li>
 * </ul>
 */
public final class Timers {
    private Timers() {
    }

    /** A timer that is a name and a clock. */
    private record Named(String name, LongSupplier clock) implements Timer {
        @Override
        public long nanos() {
            return clock.getAsLong();
        }
    }

    public static Timer nanoTime() {
        return new Named("nanotime", System::nanoTime);
    }

    public static Timer instant() {
        return new Named("instant", () -> {
            Instant now = Instant.now();
            return now.getEpochSecond() * 1_000_000_000L + now.getNano();
        });
    }

    public static Timer of(Transport transport) {
        return new Named("transport", transport::nanoTime);
    }

    /** The timer a run takes its times with (--timer). */
    public enum Choice {
        NANOTIME, INSTANT, TRANSPORT;

        /** This choice's timer for ranks communicating over {@code transport}. */
        public Timer timer(Transport transport) {
            return switch (this) {
                case NANOTIME -> nanoTime();
                case INSTANT -> instant();
                case TRANSPORT -> of(transport);
            };
        }
    }

    /** The timers to measure at start (those that need no transport). */
    public static List<Timer> all() {
        return List.of(nanoTime(), instant());
    }
}
