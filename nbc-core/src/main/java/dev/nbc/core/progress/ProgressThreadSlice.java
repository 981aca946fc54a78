package dev.nbc.core.progress;

import dev.nbc.core.EnvironmentSetting;

import java.util.Iterator;
import java.util.Locale;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The progress thread's time slice ({@link SchedulerSlice}): {@code NBC_PROGRESS_SLICE} or
 * {@code -Dnbc.progress.slice} (which wins), in microseconds from 100 to 100000 (the range Linux
 * accepts), or {@code off}, the default: the scheduler's own slice.
 *
 * <p>Off by default because it is a trade, measured across two namespace hosts at 1 Gbit/s over
 * Open MPI through FFM: a 100 µs slice raised a single collective's overlap (median over allreduce
 * and bcast, 64 KiB-4 MiB: 25 % to 36 %), but in the gradients example (25 collectives of 1 MiB in
 * flight behind a 210 ms backward pass) the thread, running at every wake-up instead of gathering
 * work, cost 55 ms of CPU a step instead of 35, and the step took 363 ms instead of 321.
 */
final class ProgressThreadSlice {
    static final String VARIABLE = "NBC_PROGRESS_SLICE";
    static final String PROPERTY = "nbc.progress.slice";
    /** The setting {@code off}, and the default. */
    static final long OFF = 0;

    private ProgressThreadSlice() {
    }

    /** The slice the environment asks for, in microseconds; {@link #OFF} for none. */
    static long fromEnvironment() {
        return EnvironmentSetting.read(PROPERTY, VARIABLE, ProgressThreadSlice::parse, OFF);
    }

    static long parse(String value) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        if (text.equals("off")) {
            return OFF;
        }
        long micros;
        try {
            micros = Long.parseLong(text);
        } catch (NumberFormatException e) {
            micros = -1;
        }
        if (micros < 100 || micros > 100_000) {
            throw new IllegalArgumentException(PROPERTY + " / " + VARIABLE
                    + ": must be a number of microseconds from 100 to 100000, or off, but was '" + value + "'");
        }
        return micros;
    }

    /**
     * Sets the calling thread's slice to {@code micros} ({@link #fromEnvironment()}), through the
     * first {@link SchedulerSlice} on the class path; null if it took effect, else why not.
     */
    static String applyToCurrentThread(long micros) {
        if (micros == OFF) {
            return PROPERTY + " is off";
        }
        try {
            Iterator<SchedulerSlice> slices = ServiceLoader.load(SchedulerSlice.class).iterator();
            if (!slices.hasNext()) {
                return "no scheduler slice service on the class path (nbc-ffm, Java 22 or newer, provides one)";
            }
            return slices.next().setForCurrentThread(micros * 1_000);
        } catch (ServiceConfigurationError | RuntimeException e) {
            return "the scheduler slice service failed: " + e;
        }
    }
}
