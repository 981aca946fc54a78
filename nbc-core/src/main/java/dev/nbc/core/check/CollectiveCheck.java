package dev.nbc.core.check;

import dev.nbc.core.EnvironmentSetting;
import dev.nbc.core.schedule.Schedule;

import java.util.Locale;

/**
 * Whether a communicator checks that all ranks make the same calls (in the spirit of MPICH's
 * collective checking and the MUST tool). With {@link #ON}, every collective first exchanges a
 * small signature of the call with every other rank ({@link SignatureExchange}) and fails on
 * every rank, naming both calls, when they differ, before any of its data moves; a close exchanges
 * one too, so a rank that skipped a call is caught at the latest when it closes; and two threads
 * calling on one communicator at the same time are refused. It costs a dissemination round per
 * collective (measured in docs/reliability.md), so it is off unless asked for: {@code NBC_CHECK=1},
 * {@code -Dnbc.check=true} or {@code Communicator.create(engine, transport, CollectiveCheck.ON)}.
 * Every rank must use the same setting.
 */
public enum CollectiveCheck {
    /** Calls are trusted to match, as MPI does. */
    OFF,
    /** Every call's signature is compared across ranks before its data moves. */
    ON;

    /** The environment variable and system property (which wins) that switch the check on: 1/true/on/yes or 0/false/off/no. */
    public static final String VARIABLE = "NBC_CHECK";
    public static final String PROPERTY = "nbc.check";

    /**
     * The setting of {@link #PROPERTY} or else {@link #VARIABLE}; OFF if neither is set.
     *
     * @throws IllegalArgumentException if the value is none of the known ones
     */
    public static CollectiveCheck fromEnvironment() {
        return EnvironmentSetting.read(PROPERTY, VARIABLE, CollectiveCheck::parse, OFF);
    }

    static CollectiveCheck parse(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "1", "true", "on", "yes" -> ON;
            case "0", "false", "off", "no" -> OFF;
            default -> throw new IllegalArgumentException(PROPERTY + " / " + VARIABLE + ": must be 1, true, on or yes to "
                    + "check calls, 0, false, off or no (or unset) not to, but was '" + value + "'");
        };
    }

    /** The schedule a call runs under this setting: with the signature exchange before its rounds when ON. */
    public Schedule prepare(Schedule schedule) {
        return this == ON ? SignatureExchange.prependTo(schedule) : schedule;
    }
}
