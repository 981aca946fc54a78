package dev.nbc.examples.gauss;

/** The three ways {@link DistributedGauss} moves the multipliers; the rest of the solver is shared. */
public enum Variant {
    /** Listing 2: one blocking broadcast for the pivot row and one per multiplier. */
    BLOCKING("blocking"),
    /**
     * Listing 3: the same broadcasts, but multiplier i+1 travels (ibcast) while row i is updated with
     * multiplier i; two one-element buffers swapped each round.
     */
    LOOKAHEAD("lookahead"),
    /**
     * One ibcast per step carrying the pivot row and all n-k-1 multipliers; the owner of column k+1
     * updates that column first, so step k+1's column travels while step k's update runs.
     */
    COLUMN("column");

    private final String label;

    Variant(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** By label (blocking, lookahead, column) or by the paper's numbering (1, 2, 3). */
    public static Variant parse(String text) {
        for (Variant v : values()) {
            if (v.label.equalsIgnoreCase(text) || v.name().equalsIgnoreCase(text) || String.valueOf(v.ordinal() + 1).equals(text)) {
                return v;
            }
        }
        throw new IllegalArgumentException("variant: one of blocking (1), lookahead (2), column (3), but was '" + text + "'");
    }
}
