package dev.nbc.bench.clock;

import dev.nbc.harness.ranks.Control;

/**
 * A rank's view of the global clock: its {@link LocalClock} mapped by a {@link ClockModel} from one
 * or two group synchronisations.
 */
public final class GlobalClock {
    private final LocalClock local;
    private final ClockModel model;
    private final GroupSync.Pass first;
    private final GroupSync.Pass second;

    private GlobalClock(LocalClock local, ClockModel model, GroupSync.Pass first, GroupSync.Pass second) {
        this.local = local;
        this.model = model;
        this.first = first;
        this.second = second;
    }

    /**
     * Synchronises the group with {@code scheme}; with {@code driftGapMillis > 0} a second time after
     * that pause, to estimate the drift as well. Collective over the control plane.
     */
    public static GlobalClock synchronize(Control control, LocalClock local, GroupSync.Scheme scheme, int patience,
                                          long driftGapMillis) {
        control.barrier();
        GroupSync.Pass a = GroupSync.run(scheme, control, local, patience);
        if (driftGapMillis <= 0) {
            return new GlobalClock(local, ClockModel.of(a), a, null);
        }
        control.pause(driftGapMillis);
        control.barrier();
        GroupSync.Pass b = GroupSync.run(scheme, control, local, patience);
        return new GlobalClock(local, ClockModel.of(a, b), a, b);
    }

    public double now() {
        return model.global(local.now());
    }

    public LocalClock local() {
        return local;
    }

    public ClockModel model() {
        return model;
    }

    public GroupSync.Pass first() {
        return first;
    }

    /** The second pass, or null. */
    public GroupSync.Pass second() {
        return second;
    }

    /**
     * The error of this rank's global time against rank 0's true clock at the same instant, for
     * ranks on one host (where System.nanoTime is shared, so rank 0's clock is known to everyone):
     * {@code reference} is rank 0's LocalClock, {@code t} the instant on the shared clock
     * ({@link Control#now()}: System.nanoTime, or in-process virtual time, which starts at 0 on
     * every rank).
     */
    public double errorAgainst(LocalClock reference, long t) {
        return model.global(local.at(t)) - reference.at(t);
    }
}
