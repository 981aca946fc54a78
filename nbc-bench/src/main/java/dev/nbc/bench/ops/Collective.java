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

    public static Collective parse(String s) {
        return valueOf(s.trim().toUpperCase(java.util.Locale.ROOT));
    }
}
