package dev.nbc.bench.cli;

import dev.nbc.bench.clock.ClockSetup;
import dev.nbc.harness.cli.Checked;
import dev.nbc.harness.cli.OptionChecks;
import picocli.CommandLine.Option;

/** Options of the clock synchronisation. */
public final class ClockOptions implements Checked {
    /** Injected offsets are microseconds below this (1000 s): far beyond any real offset, far from overflowing nanoseconds. */
    static final double MAX_INJECTED_OFFSET_US = 1e9;
    /** A drift of a million ppm would stop a clock (and more would run it backwards). */
    static final double MAX_INJECTED_DRIFT_PPM = 1e6;

    @Option(names = "--patience", paramLabel = "N", defaultValue = "100",
            description = "Pair sync stops when the minimum round trip has not improved for N exchanges (default ${DEFAULT-VALUE}).")
    public int patience;

    @Option(names = "--drift-gap-ms", paramLabel = "MS", description = "Pause between the two synchronisations of the drift model (default 500; --quick 100; 0: offset only).")
    Long driftGapMillis;

    @Option(names = "--inject-offset-us", paramLabel = "US", defaultValue = "0",
            description = "Inject a clock offset per rank: +-(rank+1)*US, alternating sign.")
    public double injectOffsetUs;

    @Option(names = "--inject-drift-ppm", paramLabel = "PPM", defaultValue = "0",
            description = "Inject a clock drift per rank: ((rank mod 3) - 1) * PPM.")
    public double injectDriftPpm;

    /** The options as {@code all} gave them. */
    void adopt(ClockOptions shared) {
        patience = shared.patience;
        driftGapMillis = shared.driftGapMillis;
        injectOffsetUs = shared.injectOffsetUs;
        injectDriftPpm = shared.injectDriftPpm;
    }

    public long driftGap(Profile profile) {
        return profile.or(driftGapMillis, 100L, 500L);
    }

    /** The synchronisation these options ask for, with {@code profile}'s drift gap where none was given. */
    public ClockSetup setup(Profile profile) {
        return new ClockSetup(patience, driftGap(profile), injectOffsetUs, injectDriftPpm);
    }

    @Override
    public void check(OptionChecks checks) {
        checks.atLeast("--patience", patience, 1);
        checks.atLeast("--drift-gap-ms", driftGapMillis, 0);
        checks.finiteBelow("--inject-offset-us", injectOffsetUs, MAX_INJECTED_OFFSET_US);
        checks.finiteBelow("--inject-drift-ppm", injectDriftPpm, MAX_INJECTED_DRIFT_PPM);
    }
}
