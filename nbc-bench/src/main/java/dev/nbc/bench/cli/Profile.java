package dev.nbc.bench.cli;

/**
 * How long a run measures: every benchmark states its defaults once, as a pair of this profile's
 * values ({@link #or}), and the subcommand and {@code all} both take them from there.
 */
public enum Profile {
    /** --quick: a short sweep (CI, scripts/bench): fewer sizes, repetitions and seconds per point. */
    QUICK,
    /** --no-quick, the default: the full sweep. */
    FULL;

    /** {@code given} when the user gave it, else this profile's default: {@code quick} or {@code full}. */
    public <T> T or(T given, T quick, T full) {
        return given != null ? given : this == QUICK ? quick : full;
    }
}
