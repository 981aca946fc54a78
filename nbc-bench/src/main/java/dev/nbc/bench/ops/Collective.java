package dev.nbc.bench.ops;

/** The collectives measured; bcast and allreduce move doubles (a size is rounded down to whole doubles, at least one). */
public enum Collective {
    BARRIER, BCAST, ALLREDUCE;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Elements (doubles) moved for a message of {@code bytes} bytes. */
    public int count(int bytes) {
        return this == BARRIER ? 0 : Math.max(1, bytes / 8);
    }

    /** Bytes actually moved. */
    public int bytes(int requested) {
        return count(requested) * 8;
    }

    /** barrier, bcast or allreduce, in any case. */
    public static Collective parse(String s) {
        for (Collective c : values()) {
            if (c.name().equalsIgnoreCase(s.trim())) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown collective '" + s + "' (barrier, bcast, allreduce)");
    }
}
