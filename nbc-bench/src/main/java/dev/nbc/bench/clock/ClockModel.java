package dev.nbc.bench.clock;

/**
 * A rank's map from its local clock to the global clock (rank 0's), linear as in ReproMPI's HCA
 * family: {@code local - global = offset + slope * (global - reference)}, from two group
 * synchronisations some time apart (one gives slope 0).
 */
public record ClockModel(double offset, double slope, long reference) {
    public static final ClockModel IDENTITY = new ClockModel(0, 0, 0);

    /** From one synchronisation: offset only. */
    public static ClockModel of(GroupSync.Pass pass) {
        return new ClockModel(pass.offset(), 0, pass.referenceTime());
    }

    /** From two synchronisations: offset and drift. */
    public static ClockModel of(GroupSync.Pass first, GroupSync.Pass second) {
        double dt = second.referenceTime() - first.referenceTime();
        if (dt <= 0) {
            return of(second);
        }
        double slope = (second.offset() - first.offset()) / dt;
        return new ClockModel(first.offset(), slope, first.referenceTime());
    }

    /** Global time of a local clock reading. */
    public double global(double local) {
        // local = g + offset + slope (g - reference)  =>  g = (local - offset + slope reference) / (1 + slope)
        return (local - offset + slope * reference) / (1 + slope);
    }

    /** Local clock reading at global time {@code global}. */
    public double local(double global) {
        return global + offset + slope * (global - reference);
    }
}
