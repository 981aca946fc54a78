package dev.nbc.core.integration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Takes host 2's link of {@code scripts/netns-cluster} down after a delay, for a while or for
 * good, from a thread of its own while a job runs; {@link #close()} brings it back up.
 */
final class LinkFault implements AutoCloseable {
    private static final String HOST = "nbc-h2";
    private static final String INTERFACE = "nbc0";

    private final Thread thread;
    private volatile long downAt;

    private LinkFault(Duration delay, Duration downFor) {
        thread = new Thread(() -> {
            try {
                Thread.sleep(delay.toMillis());
                link("down");
                downAt = System.nanoTime();
                if (downFor != null) {
                    Thread.sleep(downFor.toMillis());
                    link("up");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "link-fault");
        thread.setDaemon(true);
        thread.start();
    }

    /** Host 2's link goes down after {@code delay}, for {@code downFor} (null: until {@link #close()}). */
    static LinkFault after(Duration delay, Duration downFor) {
        return new LinkFault(delay, downFor);
    }

    boolean happened() {
        return downAt != 0;
    }

    /** How long ago the link went down. */
    Duration sinceFault() {
        if (!happened()) {
            throw new AssertionError("the link never went down: the job ended before the fault");
        }
        return Duration.ofNanos(System.nanoTime() - downAt);
    }

    @Override
    public void close() {
        thread.interrupt();
        try {
            thread.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        link("up");
    }

    /** The pids of the processes in network namespace {@code namespace}, one per line; empty if none. */
    static String processesIn(String namespace) {
        return run("ip", "netns", "pids", namespace).trim();
    }

    private static void link(String state) {
        run("ip", "netns", "exec", HOST, "ip", "link", "set", INTERFACE, state);
    }

    private static String run(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new AssertionError(String.join(" ", command) + " failed: " + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted: " + String.join(" ", command), e);
        }
    }
}
